// Share: the link that reproduces this scenario (it lives in the URL, compressed), and the embed
// links and iframe code for a course page: the page without its chrome, the metrics table alone,
// or the two rankings with the main metrics, with the metric rows to show.
import { useState } from 'preact/hooks';

import { stale } from '../../state/evaluation';
import { PRIMARY, descriptors } from '../../state/metrics';
import { currentEncoded } from '../../state/persistence';
import { hashFor, shareLink } from '../../state/share';
import { embedIframe, embedLink, type EmbedMode } from '../../state/view';
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

const MODES: [EmbedMode, string][] = [
  ['page', 'the playground without its toolbar (editable)'],
  ['metrics', 'the metrics table alone (compact)'],
  ['compare', 'both rankings, compact, and the metrics'],
];

export function ShareDialog({ dialog }: { dialog: DialogHandle }) {
  const [encoded, setEncoded] = useState<string | null>(null);
  const [mode, setMode] = useState<EmbedMode>('page');
  // Every metric until the user chooses (then the link says which).
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  // The link is computed at each opening, for the scenario as it is then.
  const refresh = async () => setEncoded(await currentEncoded());
  const all = descriptors.value;
  const picked = chosen ?? new Set(all.map((d) => d.id));
  // The metrics parameter only when the choice differs from what the mode shows by itself.
  const defaults = mode === 'compare' ? all.filter((d) => PRIMARY.has(d.id)) : all;
  const ids = all.filter((d) => picked.has(d.id)).map((d) => d.id);
  const isDefault = ids.length === 0 || (ids.length === defaults.length && defaults.every((d) => picked.has(d.id)));
  const embed = encoded === null ? null : embedLink(location.href, hashFor(encoded), { mode, metrics: isDefault ? undefined : ids });
  const toggle = (id: string, on: boolean) =>
    setChosen(() => {
      const next = new Set(picked);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <DialogFrame dialog={dialog} labelledBy="share-title" onOpen={() => void refresh()}>
      <h2 id="share-title">Share and embed</h2>
      <p class={dialogStyles.hint}>The link holds the whole scenario; nothing is stored on a server.</p>
      {stale.value && (
        <p class={dialogStyles.hint} role="note">
          The scenario on screen was refused, so the link holds the last one the playground accepted (the values shown).
        </p>
      )}
      {encoded !== null && embed !== null ? (
        <>
          <CopyField label="Link" value={shareLink(location.href, encoded)} />
          <h3 class={own.subtitle}>Embed in a course page</h3>
          <label class={own.field}>
            <span>Embed</span>
            <select aria-label="Embed" value={mode} onChange={(e) => setMode(e.currentTarget.value as EmbedMode)}>
              {MODES.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <fieldset class={own.metrics}>
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
          <CopyField label="Embed in a course page (iframe)" value={embedIframe(embed, mode)} />
        </>
      ) : (
        <p>…</p>
      )}
      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
