/**
 * What the windowed chat list needs beyond chat-virtual-window's arithmetic: which rows stay in
 * the DOM besides the visible ones, and a scroll anchor that survives chats moving to the top of
 * the list (a new message), which rows of a message list never do.
 */
import { rowAtOffset, scrollTopFor, type RowRange, type ScrollAnchor } from './chat-virtual-window.js';

/**
 * The rows to render, in list order: the visible range, the first and the last row (Home and End
 * go to them), the row that holds the list's Tab stop (Tab comes into the list there, wherever the
 * list is scrolled), and the focused row with its neighbours: the focus is not lost when the
 * member scrolls it out of view, and the arrow keys go on to the next chat as in a full list
 * (the window follows the row they bring into view).
 */
export function rowsToRender(range: RowRange, count: number, focused: number | null, tabStop: number | null = null): number[] {
  const rows: number[] = [];
  for (let i = range.start; i < range.end; i++) rows.push(i);
  const extra = [0, count - 1];
  if (tabStop !== null) extra.push(tabStop);
  if (focused !== null) extra.push(focused - 1, focused, focused + 1);
  for (const i of extra) if (i >= 0 && i < count && (i < range.start || i >= range.end) && !rows.includes(i)) rows.push(i);
  return rows.sort((a, b) => a - b);
}

/**
 * The row whose link takes the list's one Tab stop (a roving tabindex): the entry the member was
 * on last, else the open chat's, else the first. A list of 300 chats was 600 Tab stops between
 * the page's header and the open chat; now it is two (the entry and its delete button), and the
 * arrow keys move between entries. null for an empty list.
 */
export function tabStopRow(count: number, lastFocused: number | undefined, active: number | undefined): number | null {
  if (count === 0) return null;
  return lastFocused ?? active ?? 0;
}

/**
 * Where a key pressed on row `from` takes the focus: the next or previous entry (ArrowDown,
 * ArrowUp), the first or the last (Home, End). null for any other key, and for a move past either
 * end, where the focus stays (as in a list box, nothing wraps around).
 */
export function rowForKey(key: string, from: number, count: number): number | null {
  const to = key === 'ArrowDown' ? from + 1 : key === 'ArrowUp' ? from - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : null;
  return to === null || to < 0 || to >= count || to === from ? null : to;
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
  return listAnchorsFrom(offsets, keys, stamps, rowAtOffset(offsets, scrollTop), scrollTop, rows);
}

/**
 * Anchors on row `first` and the few after it for a viewport at `scrollTop`, wherever the row is
 * in the viewport: the list that scrolled an entry into view keeps that entry where it put it
 * while the entries around it are measured (their heights were estimates when it scrolled).
 */
export function listAnchorsFrom(offsets: Float64Array, keys: readonly string[], stamps: readonly number[], first: number, scrollTop: number, rows = ANCHOR_ROWS): ListAnchor[] {
  const anchors: ListAnchor[] = [];
  for (let row = Math.max(0, first); row < Math.min(keys.length, first + rows); row++) anchors.push({ key: keys[row]!, delta: scrollTop - offsets[row]!, stamp: stamps[row]! });
  return anchors;
}

/**
 * Room left beside an entry scrolled into view: the list keeps an entry in place to within a pixel
 * while the entries around it are measured (it does not scroll for less), which left the entry
 * cut by a fraction of one.
 */
export const REVEAL_MARGIN_PX = 2;

/**
 * Where to scroll so that row `index` is wholly in a viewport of `height` at `scrollTop`, moving
 * the list as little as the browser's scrollIntoView({ block: 'nearest' }) does: a row above
 * comes to the viewport's top, a row below to its bottom (its top, if it is taller than the
 * viewport), each with REVEAL_MARGIN_PX to spare. null when the row is in view already: then
 * nothing moves. Whole pixels, rounded away from the row: rows are fractionally tall (68.5 px).
 */
export function scrollTopToReveal(offsets: Float64Array, index: number, scrollTop: number, height: number): number | null {
  const top = offsets[index];
  const bottom = offsets[index + 1];
  if (top === undefined || bottom === undefined) return null;
  if (top >= scrollTop && bottom <= scrollTop + height) return null;
  if (top < scrollTop || bottom - top > height) return Math.max(0, Math.floor(top) - REVEAL_MARGIN_PX);
  return Math.ceil(bottom - height) + REVEAL_MARGIN_PX;
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
