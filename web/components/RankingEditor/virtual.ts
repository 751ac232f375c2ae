// TanStack's framework-agnostic virtualiser (@tanstack/virtual-core) bound to Preact, for a list
// that scrolls with the page (the window), not in a box of its own: the same few lines as its
// React adapter's useWindowVirtualizer.
import {
  Virtualizer,
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  windowScroll,
  type Range,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import { useLayoutEffect, useReducer, useState } from 'preact/hooks';

export type WindowVirtualizer = Virtualizer<Window, HTMLElement>;

interface Options {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string;
  /** The list's top in the page (document coordinates): the virtualiser's scrollMargin. */
  scrollMargin: number;
  gap: number;
  overscan: number;
  /** Indexes that stay rendered wherever the page is scrolled (the focused card, the dragged one). */
  pinned: number[];
}

export function useWindowVirtualizer(options: Options): WindowVirtualizer {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { pinned, ...rest } = options;
  const resolved: VirtualizerOptions<Window, HTMLElement> = {
    ...rest,
    getScrollElement: () => window,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => window.scrollY,
    rangeExtractor: (range: Range) => withPinned(defaultRangeExtractor(range), pinned, range.count),
    onChange: () => rerender(0),
  };
  const [instance] = useState(() => new Virtualizer<Window, HTMLElement>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), []);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}

/** The visible range plus the pinned indexes that exist, ascending, each once. */
export function withPinned(range: number[], pinned: number[], count: number): number[] {
  const extra = pinned.filter((i) => i >= 0 && i < count && !range.includes(i));
  return extra.length ? [...range, ...extra].sort((a, b) => a - b) : range;
}
