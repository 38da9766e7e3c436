/**
 * The arithmetic of a windowed list with measured row heights: prefix offsets, which rows
 * intersect the viewport (plus overscan), and where to scroll so the row the member is looking
 * at stays put when rows are added above it (history loaded) or change height (measured).
 */

/** offsets[i] = top of row i; offsets[n] = total height. */
export function buildOffsets(heights: ArrayLike<number>): Float64Array {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i]! + heights[i]!;
  return offsets;
}

/** The row whose box contains `y` (clamped to the list). */
export function rowAtOffset(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface RowRange {
  /** first rendered row */
  start: number;
  /** one past the last rendered row */
  end: number;
}

/** Rows to render for a viewport at scrollTop, with `overscanPx` extra above and below. */
export function visibleRange(offsets: Float64Array, scrollTop: number, viewportHeight: number, overscanPx: number): RowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = rowAtOffset(offsets, Math.max(0, scrollTop - overscanPx));
  const end = rowAtOffset(offsets, scrollTop + viewportHeight + overscanPx) + 1;
  return { start, end: Math.min(count, end) };
}

/** What the member is looking at: a row and how far into it the viewport's top is. */
export interface ScrollAnchor {
  key: string;
  delta: number;
}

/**
 * The row at the top of the viewport, or the next stable one: rows whose identity can move
 * (a day separator travels up when older messages of that day arrive) are skipped.
 */
export function anchorAt(offsets: Float64Array, keys: readonly string[], scrollTop: number, isStable: (key: string) => boolean = () => true): ScrollAnchor | null {
  if (keys.length === 0) return null;
  let row = rowAtOffset(offsets, scrollTop);
  while (row < keys.length - 1 && !isStable(keys[row]!)) row++;
  return { key: keys[row]!, delta: scrollTop - offsets[row]! };
}

/** The scrollTop that keeps the anchor row at the same place after rows moved; null if it is gone. */
export function scrollTopFor(anchor: ScrollAnchor, offsets: Float64Array, indexOfKey: (key: string) => number): number | null {
  const index = indexOfKey(anchor.key);
  if (index < 0) return null;
  return offsets[index]! + anchor.delta;
}

/** Near enough to the bottom that new messages should keep the list pinned there. */
export function isNearBottom(scrollTop: number, viewportHeight: number, totalHeight: number, slackPx = 48): boolean {
  return totalHeight - (scrollTop + viewportHeight) <= slackPx;
}

/**
 * The heights to lay rows out by: each measured row's own; a row not measured yet counts as its
 * fixed estimate (`fixedEstimate(i)`), or, where that is null, as the mean of the measured rows
 * that have none, `firstGuess` until one is measured. A constant guess put the list's height and
 * its scrollbar off by the guess's error times every row not yet rendered (a third on a long chat),
 * and each row measured above the view moved the view by that error. The mean is rounded: offsets
 * stay whole pixels, as measured heights are, and the estimate of every row (and with it the
 * scroll position the anchor restores) changes only when the mean crosses a half pixel.
 */
export function layoutHeights(keys: readonly string[], measured: ReadonlyMap<string, number>, fixedEstimate: (index: number) => number | null, firstGuess: number): Float64Array {
  const heights = new Float64Array(keys.length);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const height = measured.get(keys[i]!);
    const fixed = fixedEstimate(i);
    if (height !== undefined && fixed === null) {
      sum += height;
      count++;
    }
    heights[i] = height ?? fixed ?? NaN;
  }
  const estimate = count > 0 ? Math.round(sum / count) : firstGuess;
  for (let i = 0; i < keys.length; i++) if (Number.isNaN(heights[i])) heights[i] = estimate;
  return heights;
}
