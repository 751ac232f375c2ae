// Share: the link that reproduces this scenario (it lives in the URL, compressed), and the
// iframe code that embeds it in a course page without the playground's chrome.
import { useState } from 'preact/hooks';

import { currentEncoded } from '../../state/persistence';
import { iframeCode, shareLink } from '../../state/share';
import styles from '../ImportDialog/style.module.css';
import own from './style.module.css';

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <label class={own.field}>
      <span>{label}</span>
      <span class={own.row}>
        <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} aria-label={label} />
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            } catch {
              setCopied(false); // clipboard refused (insecure context): the text is selected instead
            }
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </span>
    </label>
  );
}

export function ShareDialog({ dialog }: { dialog: { current: HTMLDialogElement | null } }) {
  const [links, setLinks] = useState<{ link: string; embed: string } | null>(null);
  return (
    <dialog
      ref={(el) => {
        if (!el || dialog.current === el) return;
        dialog.current = el;
        // Recompute the links whenever the dialog opens, for the scenario as it is then.
        new MutationObserver(async () => {
          if (!el.open) return;
          const encoded = await currentEncoded();
          const base = location.href;
          setLinks({ link: shareLink(base, encoded), embed: iframeCode(shareLink(base, encoded, { embed: true })) });
        }).observe(el, { attributes: true, attributeFilter: ['open'] });
      }}
      class={styles.dialog}
      aria-labelledby="share-title"
    >
      <div class={styles.form}>
        <h2 id="share-title">Share and embed</h2>
        <p class={styles.hint}>The link holds the whole scenario; nothing is stored on a server. Add ?embed=1 to hide the page's chrome.</p>
        {links ? (
          <>
            <CopyField label="Link" value={links.link} />
            <CopyField label="Embed in a course page (iframe)" value={links.embed} />
          </>
        ) : (
          <p>…</p>
        )}
        <div class={styles.buttons}>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
