// The floating link to the metrics, where the page is one column: it hides while the metrics are on
// screen (it would cover their values) and points up once they are above.
import { useEffect, useState } from 'preact/hooks';

import styles from './style.module.css';

type Where = 'below' | 'shown' | 'above';

/**
 * In a frame the host page scrolls, and the embed is as tall as its content (the host's snippet,
 * or the measured height of the iframe code): a fixed link would sit at the embed's end, over its
 * last lines, and point down from below the metrics.
 */
const framed = typeof window !== 'undefined' && window.parent !== window;

/** `watch` changes when `#metrics` may be another element (a lesson hides or shows the values, the view changes). */
export function JumpToMetrics({ watch }: { watch: string }) {
  const [where, setWhere] = useState<Where>('below');
  useEffect(() => {
    if (framed) return;
    const section = document.getElementById('metrics');
    if (!section || typeof IntersectionObserver === 'undefined') return;
    // One observer says whether the metrics are on screen, the other whether they are on screen or
    // above it (its root reaches far up): each fires as its own line is crossed, so a jump straight
    // past the metrics (End, a fling) is seen too. In a frame of another origin the browser
    // ignores the margin: there the link says ↓ either way, and still jumps to them.
    let shown = false;
    let reached = false;
    const update = () => setWhere(shown ? 'shown' : reached ? 'above' : 'below');
    const onScreen = new IntersectionObserver((entries) => {
      shown = entries[entries.length - 1]!.isIntersecting;
      update();
    });
    const upTo = new IntersectionObserver(
      (entries) => {
        reached = entries[entries.length - 1]!.isIntersecting;
        update();
      },
      { rootMargin: '1000000px 0px 0px 0px' },
    );
    onScreen.observe(section);
    upTo.observe(section);
    return () => {
      onScreen.disconnect();
      upTo.disconnect();
    };
  }, [watch]);
  if (framed) return null;
  return (
    <a class={styles.jump} href="#metrics" hidden={where === 'shown'} data-where={where}>
      {where === 'above' ? '↑ Metrics' : '↓ Metrics'}
    </a>
  );
}
