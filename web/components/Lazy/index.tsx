// Parts of the page loaded when first shown (the lesson, the dialogs, the runs view, KaTeX and the
// charts): a component that shows a fallback until its module has arrived, then the part itself.
// In place of preact/compat's lazy and Suspense, whose global hooks run on every element the page
// renders, at every edit.
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

import styles from './style.module.css';

interface Options {
  /** Shown while the module loads. */
  fallback?: JSX.Element | null;
  /** What the part is, for the message shown when its module cannot be loaded. */
  what: string;
}

/** A component that renders `load()`'s component, once loaded; the module is fetched at first render. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, { fallback = null, what }: Options): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let failure: string | null = null;
  let loading: Promise<void> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => void (loaded = component),
      (error: unknown) => {
        failure = error instanceof Error ? error.message : String(error);
        loading = null;
      },
    ));

  function LazyPart(props: P) {
    // A part mounted after a failed load tries again (a network that came back, a dialog reopened).
    const [, arrived] = useState(() => {
      failure = null;
      return 0;
    });
    const waiting = loaded === null && failure === null;
    if (waiting) void start();
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      void start().then(() => mounted && arrived((n) => n + 1));
      return () => void (mounted = false);
    }, [waiting]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (failure !== null)
      return (
        <p class={styles.failed} role="alert">
          {`Could not load ${what} (${failure}). Reload the page to try again.`}
        </p>
      );
    return fallback;
  }
  return LazyPart;
}
