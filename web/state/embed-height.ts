// An embed tells its host how tall it is, so a course page can size the iframe to fit (README
// "Embeds"): on load and whenever the height changes, it posts
// `{ type: "fairness-playground:height", version: 1, height }` (CSS pixels, the document's height)
// to the page that frames it.

export const HEIGHT_MESSAGE = 'fairness-playground:height';
export const HEIGHT_MESSAGE_VERSION = 1;

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  version: typeof HEIGHT_MESSAGE_VERSION;
  height: number;
}

/**
 * The document's height: its content, not the frame's (a document is never shorter than its
 * frame, so the frame's height would only ever grow).
 */
export function documentHeight(): number {
  return Math.ceil(document.documentElement.getBoundingClientRect().height);
}

/** Posts the height now and after every change of it; returns the way to stop. */
export function postHeight(target: Pick<Window, 'postMessage'> = window.parent): () => void {
  let last = -1;
  const post = () => {
    const height = documentHeight();
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: HEIGHT_MESSAGE, version: HEIGHT_MESSAGE_VERSION, height };
    // Any origin: the message holds a number, and the host may be any course page.
    target.postMessage(message, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(document.documentElement);
  post();
  return () => observer.disconnect();
}

/** The three lines a course page adds once, for every embed on it (README "Embeds"). */
export const HOST_SNIPPET = `<script>
addEventListener('message', (e) => { if (e.data?.type !== '${HEIGHT_MESSAGE}') return;
  for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = e.data.height + 'px'; });
</script>`;
