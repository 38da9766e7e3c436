/**
 * What the windowed chat list needs beyond chat-virtual-window's arithmetic: which rows stay in
 * the DOM besides the visible ones, and a scroll anchor that survives chats moving to the top of
 * the list (a new message), which rows of a message list never do.
 */
import { rowAtOffset, scrollTopFor, type RowRange, type ScrollAnchor } from './chat-virtual-window.js';

/**
 * The rows to render, in list order: the visible range, the first and the last row (Tab and
 * Shift+Tab come into the list where they would in a full one), and the focused row with its
 * neighbours: the focus is not lost when the member scrolls it out of view, and Tab goes on to
 * the next chat as in a full list (focusing it scrolls it into view, and the window follows).
 */
export function rowsToRender(range: RowRange, count: number, focused: number | null): number[] {
  const rows: number[] = [];
  for (let i = range.start; i < range.end; i++) rows.push(i);
  const extra = focused === null ? [0, count - 1] : [0, count - 1, focused - 1, focused, focused + 1];
  for (const i of extra) if (i >= 0 && i < count && (i < range.start || i >= range.end) && !rows.includes(i)) rows.push(i);
  return rows.sort((a, b) => a - b);
}

/** A scroll anchor on a chat, with its stamp (its last message's id) when the anchor was taken. */
export interface ListAnchor extends ScrollAnchor {
  stamp: number;
}

/** Rows anchored at once: enough that several chats moving to the top together leave one in place. */
const ANCHOR_ROWS = 8;

/**
 * The row at the viewport's top and the few after it, each with how far the viewport's top is
 * from it: if the first moves to the top of the list, the next keeps the view where it was.
 */
export function listAnchorsAt(offsets: Float64Array, keys: readonly string[], stamps: readonly number[], scrollTop: number, rows = ANCHOR_ROWS): ListAnchor[] {
  if (keys.length === 0) return [];
  const first = rowAtOffset(offsets, scrollTop);
  const anchors: ListAnchor[] = [];
  for (let row = first; row < Math.min(keys.length, first + rows); row++) anchors.push({ key: keys[row]!, delta: scrollTop - offsets[row]!, stamp: stamps[row]! });
  return anchors;
}

/**
 * The scrollTop that keeps the first anchor still listed and not moved (same stamp) where it was
 * on screen; null when every anchored chat has gone or moved.
 */
export function scrollTopForAnchors(
  anchors: readonly ListAnchor[],
  offsets: Float64Array,
  indexOfKey: (key: string) => number,
  stampOf: (key: string) => number | undefined,
): number | null {
  for (const anchor of anchors) {
    if (stampOf(anchor.key) !== anchor.stamp) continue;
    const top = scrollTopFor(anchor, offsets, indexOfKey);
    if (top !== null) return top;
  }
  return null;
}
