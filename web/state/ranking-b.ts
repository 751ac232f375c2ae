// Turning comparison off and "Show as ranking B" both replace ranking B. Neither destroys it
// silently: the old B is kept, and a toast offers it back in one click (as one undoable edit).
import { setComparing, showAsRankingB } from './actions';
import { edit, scenario, type PageDocument, type PageRanking } from './scenario';
import { showToast } from './toast';

function restore(saved: PageRanking, removed: string) {
  showToast({
    message: `Ranking ${saved.name} was ${removed}. Undo (Ctrl+Z) also brings it back.`,
    action: {
      label: `Restore ranking ${saved.name}`,
      run: () => {
        edit((s) => {
          if (s.rankings.length === 1) s.rankings.push(structuredClone(saved));
          else s.rankings[1] = structuredClone(saved);
        });
        showToast({ message: `Ranking ${saved.name} restored.` });
      },
    },
  });
}

/** Compare on (B starts as a copy of A) or off (B removed, offered back). */
export function toggleComparing(on: boolean): void {
  const b = scenario.peek().rankings[1];
  setComparing(on);
  if (!on && b) restore(b, 'removed');
}

/** Puts an ordering into ranking B; an existing B is offered back. */
export function putIntoRankingB(docs: PageDocument[], name: string): void {
  const b = scenario.peek().rankings[1];
  showAsRankingB(docs, name);
  if (b) restore(b, 'replaced');
}
