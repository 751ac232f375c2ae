// Share: the link that reproduces this scenario (it lives in the URL, compressed), and the embed
// links and iframe code for a course page: the page without its chrome, the metrics table alone,
// or the two rankings with the main metrics, with the metric rows to show, a theme, or a lesson;
// a live preview at a chosen width, whose own height message sizes the suggested iframe.
import { useEffect, useRef, useState } from 'preact/hooks';

import { stale } from '../../state/evaluation';
import { PRIMARY, descriptors } from '../../state/metrics';
import { currentEncoded } from '../../state/persistence';
import { HEIGHT_MESSAGE, HOST_SNIPPET } from '../../state/embed-height';
import { OWN_LESSON, activeLesson, availableLesson, lessonExample, numbersHidden } from '../../state/lessons';
import { currentAddress, embedLink, hashFor, shareLink, type EmbedMode, type Theme } from '../../state/address';
import { EMBED_HEIGHT, embedIframe } from '../../state/view';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import own from './style.module.css';

function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const [said, setSaid] = useState<'copied' | 'refused' | null>(null);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  return (
    <label class={own.field}>
      <span>{label}</span>
      <span class={own.row}>
        {multiline ? (
          <textarea ref={field} readOnly value={value} rows={4} onFocus={(e) => e.currentTarget.select()} aria-label={label} />
        ) : (
          <input ref={field} readOnly value={value} onFocus={(e) => e.currentTarget.select()} aria-label={label} data-copy={label} />
        )}
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setSaid('copied');
              setTimeout(() => setSaid(null), 1500);
            } catch {
              // Clipboard refused (an insecure context): the text is selected, for Ctrl+C.
              field.current?.focus();
              setSaid('refused');
            }
          }}
        >
          {said === 'copied' ? 'Copied' : 'Copy'}
          {/* Four buttons read "Copy": each says what it copies. */}
          <span class="sr-only"> {label}</span>
        </button>
      </span>
      <span class={said === 'refused' ? own.refused : 'sr-only'} role="status">
        {said === 'copied'
          ? `${label}: copied.`
          : said === 'refused'
            ? 'The browser did not let the page copy: the text is selected, press Ctrl+C.'
            : ''}
      </span>
    </label>
  );
}

/** Beyond this many characters a link may be cut by the programs it passes through (the paper examples' are about 2,000). */
const LONG_LINK = 8000;

const MODES: [EmbedMode, string][] = [
  ['page', 'the playground without its toolbar (editable)'],
  ['metrics', 'the metrics table alone (compact)'],
  ['compare', 'both rankings, compact, and the metrics'],
];

/** Widths of a course page's column to preview the embed at. */
const WIDTHS = [480, 700, 900];

/**
 * The embed at `width`, as a course page will show it: laid out at that width whatever the
 * dialog's (scaled down to fit it), so the height it reports is the one that width needs.
 */
function Preview({ src, width, onHeight }: { src: string; width: number; onHeight: (height: number) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [room, setRoom] = useState(width);
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setRoom(entry!.contentRect.width));
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);
  // A new width keeps the height until the embed reports another: it posts only a change.
  useEffect(() => {
    setHeight(null);
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; height?: unknown } | null;
      if (e.source !== frame.current?.contentWindow || data?.type !== HEIGHT_MESSAGE || typeof data.height !== 'number') return;
      setHeight(data.height);
      onHeight(data.height);
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [src]);
  const scale = Math.min(1, room / width);
  const shown = height ?? 300;
  return (
    <div ref={box} class={own.preview} style={{ width: `min(${width}px, 100%)`, height: `${Math.ceil(shown * scale)}px` }}>
      <iframe
        ref={frame}
        src={src}
        title="Preview of the embed"
        // A picture of the embed, not a second playground: no Tab stop inside it (90 of them kept
        // the dialog's Close away) and nothing to edit by mistake.
        inert
        style={{ width: `${width}px`, height: `${shown}px`, transform: scale < 1 ? `scale(${scale})` : undefined }}
        data-preview-height={height ?? ''}
      />
    </div>
  );
}

export function ShareDialog({ dialog }: { dialog: DialogHandle }) {
  const [encoded, setEncoded] = useState<string | null>(null);
  const [mode, setMode] = useState<EmbedMode>('page');
  const [theme, setTheme] = useState<Theme>('light');
  const [withLesson, setWithLesson] = useState(false);
  const [width, setWidth] = useState(700);
  const [measured, setMeasured] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  // Every metric until the user chooses (then the link says which).
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  // The link is computed at each opening, for the scenario as it is then.
  const refresh = async () => setEncoded(await currentEncoded());
  const all = descriptors.value;
  const picked = chosen ?? new Set(all.map((d) => d.id));
  // The metrics parameter only when the choice differs from what the mode shows by itself.
  const defaults = mode === 'compare' ? all.filter((d) => PRIMARY.has(d.id)) : all;
  const ids = all.filter((d) => picked.has(d.id)).map((d) => d.id);
  const link = encoded === null ? null : shareLink(currentAddress(), encoded);
  const isDefault = ids.length === 0 || (ids.length === defaults.length && defaults.every((d) => picked.has(d.id)));
  // A gallery example's lesson is named by the example (it needs no #s=); a scenario's own travels in it.
  const example = lessonExample.value;
  const lesson = activeLesson.value ? (example ?? OWN_LESSON) : availableLesson.value;
  const lessonOn = withLesson && lesson !== null;
  const embed =
    encoded === null
      ? null
      : embedLink(currentAddress(), lessonOn && lesson !== OWN_LESSON ? '' : hashFor(encoded), {
          mode,
          metrics: isDefault ? undefined : ids,
          theme,
          ...(lessonOn ? { lesson } : {}),
        });
  useEffect(() => setMeasured(null), [embed]);
  // The dialog opens before its link is made, its focus on Close (the one control then): once the
  // link is there, the focus goes to it, unless the user has moved it.
  const ready = open && link !== null;
  useEffect(() => {
    if (!ready) return;
    const at = document.activeElement;
    if (at === dialog.current || at?.hasAttribute('data-dialog-close') || !at?.closest('dialog[open]'))
      dialog.current?.querySelector<HTMLElement>('[data-copy="Link"]')?.focus();
  }, [ready]);
  const toggle = (id: string, on: boolean) =>
    setChosen(() => {
      const next = new Set(picked);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <DialogFrame
      dialog={dialog}
      labelledBy="share-title"
      onOpen={() => {
        setOpen(true);
        void refresh();
      }}
      onClose={() => setOpen(false)}
    >
      <h2 id="share-title">Share and embed</h2>
      <p class={dialogStyles.hint}>The link holds the whole scenario; nothing is stored on a server.</p>
      {stale.value && (
        <p class={dialogStyles.hint} role="note">
          The scenario on screen was refused, so the link holds the last one the playground accepted (the values shown).
        </p>
      )}
      {link !== null && embed !== null ? (
        <>
          <CopyField label="Link" value={link} />
          {link.length > LONG_LINK && (
            <p class={dialogStyles.hint} role="note" data-long-link>
              This link is {link.length.toLocaleString('en')} characters long: some e-mail and chat programs and course platforms cut links
              that long. To share a scenario this large, send its file (<em>Export scenario</em>) instead, which <em>Import…</em> opens.
            </p>
          )}
          <h3 class={own.subtitle}>Embed in a course page</h3>
          {lesson !== null && (
            <label class={own.check}>
              <input type="checkbox" checked={withLesson} onChange={(e) => setWithLesson(e.currentTarget.checked)} /> Embed the lesson (its
              steps, the rankings and the metrics)
            </label>
          )}
          <span class={own.options}>
            <label class={own.field}>
              <span>Embed</span>
              <select
                aria-label="Embed"
                aria-describedby={lessonOn ? 'embed-lesson-whole' : undefined}
                value={lessonOn ? 'page' : mode}
                disabled={lessonOn}
                onChange={(e) => setMode(e.currentTarget.value as EmbedMode)}
              >
                {MODES.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            <label class={own.field}>
              <span>Colours</span>
              <select aria-label="Colours" value={theme} onChange={(e) => setTheme(e.currentTarget.value as Theme)}>
                <option value="light">light (as most course pages)</option>
                <option value="dark">dark</option>
                <option value="auto">the reader’s system setting</option>
              </select>
            </label>
          </span>
          {lessonOn && (
            <p id="embed-lesson-whole" class={dialogStyles.hint}>
              A lesson embeds the whole page, every metric: its steps speak of the rankings and the values.
            </p>
          )}
          <fieldset class={own.metrics} disabled={lessonOn}>
            <legend>Metrics to show</legend>
            <span class={own.quick}>
              <button type="button" onClick={() => setChosen(new Set(PRIMARY))}>
                The four main metrics
              </button>
              <button type="button" onClick={() => setChosen(null)}>
                All
              </button>
            </span>
            {all.map((d) => (
              <label key={d.id}>
                <input type="checkbox" checked={picked.has(d.id)} onChange={(e) => toggle(d.id, e.currentTarget.checked)} /> {d.name}
              </label>
            ))}
          </fieldset>
          <CopyField label="Embed link" value={embed} />
          <CopyField
            label="Embed in a course page (iframe)"
            value={embedIframe(embed, lessonOn ? 'page' : mode, measured ?? EMBED_HEIGHT[mode])}
          />
          <CopyField label="Once per course page: the script that sizes every embed to its content" value={HOST_SNIPPET} multiline />
          <div class={own.previewHead}>
            <h3 class={own.subtitle}>Preview</h3>
            <label>
              at{' '}
              <select aria-label="Preview width" value={width} onChange={(e) => setWidth(Number(e.currentTarget.value))}>
                {WIDTHS.map((w) => (
                  <option key={w} value={w}>
                    {w} px
                  </option>
                ))}
              </select>{' '}
              wide{measured !== null && <>, {measured.toLocaleString('en')} px tall (the iframe code above has this height)</>}
            </label>
          </div>
          {/* Its values would give a lesson's answer away before the numbers. */}
          {numbersHidden.value ? (
            <p class={dialogStyles.hint}>The preview shows the values: it appears with the lesson's numbers.</p>
          ) : (
            open && <Preview src={embed} width={width} onHeight={setMeasured} />
          )}
        </>
      ) : (
        <p>…</p>
      )}
      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
