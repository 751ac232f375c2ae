// The groups: each renamed in place, removed (two at least stay) or added.
import { useState } from 'preact/hooks';

import { addGroup, distinct, removeGroup, renameGroup } from '../../state/actions';
import { groups } from '../../state/scenario';
import { message } from './fields';
import styles from './style.module.css';

export function GroupsEditor() {
  const [draft, setDraft] = useState('');
  const list = groups.value;
  const error = message('groups');
  return (
    <fieldset class={styles.set}>
      <legend>Groups</legend>
      <ul class={styles.groups}>
        {list.map((g, i) => (
          <li key={i}>
            <input
              value={g}
              aria-label={`Name of group ${i + 1}`}
              // Every field whose name the core refuses: an empty one, "neutral", each of two alike.
              aria-invalid={distinct(list, g) ? undefined : true}
              aria-describedby={error ? 'groups-error' : undefined}
              onChange={(e) => {
                // An emptied name too: the core's message says a group needs one (the field kept it).
                const name = e.currentTarget.value.trim();
                if (name !== g) renameGroup(i, name);
              }}
            />
            <button type="button" disabled={list.length <= 2} onClick={() => removeGroup(i)} aria-label={`Remove group ${g}`}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <form
        class={styles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          const name = draft.trim();
          if (name) addGroup(name);
          setDraft('');
        }}
      >
        <input value={draft} placeholder="nonbinary" aria-label="New group name" onInput={(e) => setDraft(e.currentTarget.value)} />
        <button type="submit">Add group</button>
      </form>
      {error && (
        <p id="groups-error" class={styles.error} role="alert">
          {error}
        </p>
      )}
      <p class={styles.hint}>Adding or removing a group resets the targets to uniform.</p>
    </fieldset>
  );
}
