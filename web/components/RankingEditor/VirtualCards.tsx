// The cards on screen of a long ranking: TanStack's framework-agnostic virtualiser
// (@tanstack/virtual-core) bound to Preact for a list that scrolls with the page (the window), as
// its React adapter's useWindowVirtualizer does. Loaded only when a ranking is long (10 kB gzipped).
import {
  Virtualizer,
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  windowScroll,
  type Range,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import type { JSX } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

import type { PageDocument } from '../../state/scenario';
import { keepStateWhenMoved } from './moves';
import styles from './style.module.css';

/** A card's height before it is measured (one line of text, a 1366 px wide page). */
const ESTIMATED_CARD_PX = 140;
/** Cards rendered beyond each edge of the window. */
const OVERSCAN = 4;

/** Where a card sits in the virtualised list: its top, and the virtualiser's measuring ref. */
export interface CardPosition {
  offset: number;
  measure: (element: HTMLElement | null) => void;
}

type WindowVirtualizer = Virtualizer<Window, HTMLElement>;

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

function useWindowVirtualizer(options: Options): WindowVirtualizer {
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

interface VirtualProps {
  docs: PageDocument[];
  card: (j: number, position: CardPosition) => JSX.Element;
  listProps: { onDragOver: (e: DragEvent) => void; onDrop: (e: DragEvent) => void };
  /** Id of the document being dragged, if any. */
  dragged: () => string | null;
}

/** The virtualiser's key of each index, and the documents it reads them from. */
export interface Keys {
  docs: PageDocument[];
  keyOf: (j: number) => string;
}

/**
 * `kept`, reading `docs` now, while the documents' ids are the same in the same order (a typed
 * character, a relevance, an answer change none); new keys otherwise. The virtualiser lays out
 * every card again when its key function is new (about 0.5 ms a render at 1,000 documents).
 */
export function keysFor(kept: Keys | null, docs: PageDocument[]): Keys {
  if (kept && kept.docs.length === docs.length && docs.every((d, j) => d.id === kept.docs[j]!.id)) {
    kept.docs = docs;
    return kept;
  }
  const keys: Keys = { docs, keyOf: (j) => keys.docs[j]!.id };
  return keys;
}

function useKeyOf(docs: PageDocument[]): (j: number) => string {
  const keys = useRef<Keys | null>(null);
  keys.current = keysFor(keys.current, docs);
  return keys.current.keyOf;
}

/** The id of the document whose card holds the focus, if one of `list`'s cards does. */
function focusedDocId(list: HTMLElement | null): string | null {
  const card = document.activeElement?.closest<HTMLElement>('[data-card]');
  return card && list?.contains(card) ? (card.dataset.docId ?? null) : null;
}

/** The cards on screen, absolutely placed in a list as tall as all of them. */
export function VirtualCards({ docs, card, listProps, dragged }: VirtualProps) {
  const list = useRef<HTMLOListElement>(null);
  // The list's top in the page (where the virtualiser's offsets start) and the root font size (the
  // gap is 0.5 rem): read once mounted, then whenever the page's size changes (what is above the
  // list grew or shrank, the font changed), in a ResizeObserver, which runs after the browser's
  // layout. Read while rendering or after every commit, they forced a layout of their own per edit.
  const [{ top, rem }, setPlace] = useState({ top: 0, rem: 16 });
  useLayoutEffect(() => keepStateWhenMoved(list.current), []);
  useLayoutEffect(() => {
    const measure = () => {
      if (!list.current) return;
      const now = {
        top: list.current.getBoundingClientRect().top + window.scrollY,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize) || 16,
      };
      setPlace((was) => (Math.abs(now.top - was.top) > 0.5 || now.rem !== was.rem ? now : was));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const pinned = [...new Set([focusedDocId(list.current), dragged()])].flatMap((id) => {
    const j = id === null ? -1 : docs.findIndex((d) => d.id === id);
    return j < 0 ? [] : [j];
  });
  const virtualizer = useWindowVirtualizer({
    count: docs.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: useKeyOf(docs),
    scrollMargin: top,
    gap: 0.5 * rem,
    overscan: OVERSCAN,
    pinned,
  });
  return (
    <ol ref={list} class={`${styles.list} ${styles.virtual}`} style={{ height: `${virtualizer.getTotalSize()}px` }} {...listProps}>
      {virtualizer
        .getVirtualItems()
        .map((item) => card(item.index, { offset: item.start - virtualizer.options.scrollMargin, measure: virtualizer.measureElement }))}
    </ol>
  );
}
