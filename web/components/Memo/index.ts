// A component that renders again only when its props changed, by `same` (every prop by identity
// unless told). In place of preact/compat's memo, whose module's global hooks run on every element
// the page renders.
import { Component, h, type ComponentType, type FunctionComponent } from 'preact';

/** Whether `a` and `b` have the same props: each by identity, or by its own test in `by`. */
export function sameProps<P extends object>(a: P, b: P, by: { [K in keyof P]?: (x: P[K], y: P[K]) => boolean } = {}): boolean {
  const keys = Object.keys(b) as (keyof P)[];
  return keys.length === Object.keys(a).length && keys.every((key) => by[key]?.(a[key], b[key]) ?? a[key] === b[key]);
}

/** `render` as a component that skips a render when `same(before, after)` holds. */
export function memo<P extends object>(
  render: FunctionComponent<P>,
  same: (before: P, after: P) => boolean = (before, after) => sameProps(before, after),
): ComponentType<P> {
  class Memo extends Component<P> {
    static override displayName = `Memo(${render.displayName ?? render.name})`;
    override shouldComponentUpdate(next: P): boolean {
      return !same(this.props, next);
    }
    override render(props: P) {
      return h(render, props);
    }
  }
  return Memo;
}
