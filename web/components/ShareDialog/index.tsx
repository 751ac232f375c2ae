// Share: the link that reproduces this scenario (it lives in the URL, compressed), and the
// iframe code that embeds it in a course page without the playground's chrome.
import { useState } from 'preact/hooks';

import { evaluation } from '../../state/evaluation';
import { currentEncoded } from '../../state/persistence';
import { iframeCode, shareLink } from '../../state/share';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
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

export function ShareDialog({ dialog }: { dialog: DialogHandle }) {
  const [links, setLinks] = useState<{ link: string; embed: string } | null>(null);
  // The links are computed at each opening, for the scenario as it is then.
  const refresh = async () => {
    const encoded = await currentEncoded();
    const base = location.href;
    setLinks({ link: shareLink(base, encoded), embed: iframeCode(shareLink(base, encoded, { embed: true })) });
  };
  return (
    <DialogFrame dialog={dialog} labelledBy="share-title" onOpen={() => void refresh()}>
      <h2 id="share-title">Share and embed</h2>
      <p class={dialogStyles.hint}>The link holds the whole scenario; nothing is stored on a server. Add ?embed=1 to hide the page's chrome.</p>
      {evaluation.value.status === 'stale' && (
        <p class={dialogStyles.hint} role="note">
          The scenario on screen was refused, so the link holds the last one the playground accepted (the values shown).
        </p>
      )}
      {links ? (
        <>
          <CopyField label="Link" value={links.link} />
          <CopyField label="Embed in a course page (iframe)" value={links.embed} />
        </>
      ) : (
        <p>…</p>
      )}
      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
