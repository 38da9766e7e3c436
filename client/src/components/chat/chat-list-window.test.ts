import { describe, expect, it } from 'vitest';
import { buildOffsets, visibleRange } from './chat-virtual-window.js';
import { listAnchorsAt, listAnchorsFrom, rowForKey, rowsToRender, scrollTopForAnchors, scrollTopToReveal, tabStopRow } from './chat-list-window.js';

/** 500 chats of 68 px: a phone's viewport of 770 px shows about 11. */
const heights = Array.from({ length: 500 }, () => 68);
const offsets = buildOffsets(heights);

describe('the rows the chat list renders', () => {
  it('are the visible ones with some more around them, out of 500', () => {
    const rows = rowsToRender(visibleRange(offsets, 68 * 250, 770, 600), 500, null);
    expect(rows.length).toBeLessThan(40);
    expect(rows).toContain(250);
    expect(rows).toContain(260);
    // the first and the last too: Home and End go to them
    expect(rows[0]).toBe(0);
    expect(rows.at(-1)).toBe(499);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it('keep the focused chat and its neighbours when it is scrolled far out of view', () => {
    const rows = rowsToRender(visibleRange(offsets, 68 * 400, 770, 600), 500, 20);
    expect(rows).toEqual(expect.arrayContaining([19, 20, 21]));
    expect(rows).not.toContain(22);
    // in list order, as a full list would have them
    expect(rows.slice(0, 4)).toEqual([0, 19, 20, 21]);
  });

  it('keep the row with the Tab stop, without its neighbours, while the focus is outside the list', () => {
    const rows = rowsToRender(visibleRange(offsets, 0, 770, 600), 500, null, 250);
    expect(rows).toContain(250);
    expect(rows).not.toContain(249);
    expect(rows).not.toContain(251);
    expect(rows.at(-1)).toBe(499);
  });

  it('are every row of a short list, each once', () => {
    expect(rowsToRender(visibleRange(buildOffsets([68, 68, 68]), 0, 770, 600), 3, 1)).toEqual([0, 1, 2]);
    expect(rowsToRender({ start: 0, end: 0 }, 0, null)).toEqual([]);
  });
});

describe('the chat list with the keyboard', () => {
  it('has one Tab stop: the entry the focus was on last, else the open chat, else the first', () => {
    expect(tabStopRow(300, 120, 250)).toBe(120);
    expect(tabStopRow(300, undefined, 250)).toBe(250);
    expect(tabStopRow(300, undefined, undefined)).toBe(0);
    expect(tabStopRow(0, undefined, undefined)).toBeNull();
  });

  it('moves to the next or previous entry with the arrows and to either end with Home and End, never around', () => {
    expect(rowForKey('ArrowDown', 10, 300)).toBe(11);
    expect(rowForKey('ArrowUp', 10, 300)).toBe(9);
    expect(rowForKey('Home', 10, 300)).toBe(0);
    expect(rowForKey('End', 10, 300)).toBe(299);
    expect(rowForKey('ArrowDown', 299, 300)).toBeNull();
    expect(rowForKey('ArrowUp', 0, 300)).toBeNull();
    expect(rowForKey('Home', 0, 300)).toBeNull();
    expect(rowForKey('Enter', 10, 300)).toBeNull();
    expect(rowForKey('Tab', 10, 300)).toBeNull();
  });
});

describe('the chat list keeps what is on screen in place', () => {
  const keys = heights.map((_, i) => `p${i}`);
  const stamps = heights.map((_, i) => 1000 - i);

  it('when another chat moves to the top (a new message): the row on top gets one row lower in the list', () => {
    const anchors = listAnchorsAt(offsets, keys, stamps, 68 * 100 + 10);
    expect(anchors[0]).toEqual({ key: 'p100', delta: 10, stamp: 900 });
    // p300 gets a message: it goes first, p100 is now the 102nd row
    const moved = ['p300', ...keys.filter((k) => k !== 'p300')];
    const stampOf = (k: string) => (k === 'p300' ? 2000 : 1000 - Number(k.slice(1)));
    expect(scrollTopForAnchors(anchors, offsets, (k) => moved.indexOf(k), stampOf)).toBe(68 * 101 + 10);
  });

  it('when the chat on top itself moves to the top: the next one keeps its place on screen', () => {
    const anchors = listAnchorsAt(offsets, keys, stamps, 68 * 100 + 10);
    const moved = ['p100', ...keys.filter((k) => k !== 'p100')];
    const stampOf = (k: string) => (k === 'p100' ? 2000 : 1000 - Number(k.slice(1)));
    // p101 stays the 102nd row, 58 px below the viewport's top as before
    expect(scrollTopForAnchors(anchors, offsets, (k) => moved.indexOf(k), stampOf)).toBe(68 * 101 + 10 - 68);
  });

  it('when the chat on top is deleted, and not at all once every anchored chat has gone or moved', () => {
    const anchors = listAnchorsAt(offsets, keys, stamps, 68 * 100, 2);
    const left = keys.filter((k) => k !== 'p100');
    const stampOf = (k: string) => (left.includes(k) ? 1000 - Number(k.slice(1)) : undefined);
    expect(scrollTopForAnchors(anchors, offsets, (k) => left.indexOf(k), stampOf)).toBe(68 * 100 - 68);
    const none = left.filter((k) => k !== 'p101');
    expect(scrollTopForAnchors(anchors, offsets, (k) => none.indexOf(k), (k) => (none.includes(k) ? 0 : undefined))).toBeNull();
  });

  it('when rows above it are measured taller than estimated', () => {
    const anchors = listAnchorsAt(offsets, keys, stamps, 68 * 100 + 10);
    const measured = buildOffsets(heights.map((h, i) => (i < 50 ? 70 : h)));
    expect(scrollTopForAnchors(anchors, measured, (k) => keys.indexOf(k), (k) => 1000 - Number(k.slice(1)))).toBe(68 * 100 + 10 + 50 * 2);
  });

  it('anchors nothing in an empty list', () => {
    expect(listAnchorsAt(buildOffsets([]), [], [], 0)).toEqual([]);
  });
});

describe('the open chat brought into view', () => {
  // a viewport of 770 px at 68 * 100: rows 100 to 111 are wholly in it
  const at = 68 * 100;

  it('moves nothing when the entry is wholly in view', () => {
    expect(scrollTopToReveal(offsets, 100, at, 770)).toBeNull();
    expect(scrollTopToReveal(offsets, 110, at, 770)).toBeNull();
  });

  it('brings an entry below to the bottom of the viewport, one above to its top, as little as it can, with 2 px to spare', () => {
    // row 111 ends at 68 * 112 = 7616, 46 px below the viewport's bottom (7570)
    expect(scrollTopToReveal(offsets, 111, at, 770)).toBe(68 * 112 - 770 + 2);
    expect(scrollTopToReveal(offsets, 400, at, 770)).toBe(68 * 401 - 770 + 2);
    expect(scrollTopToReveal(offsets, 99, at, 770)).toBe(68 * 99 - 2);
    expect(scrollTopToReveal(offsets, 0, at, 770)).toBe(0);
  });

  it('shows all of an entry cut by a fraction of a pixel, in whole pixels', () => {
    // 68.5 px rows: row 10 ends at 753.5, a quarter pixel below a viewport of 753.25
    const fractional = buildOffsets(Array.from({ length: 20 }, () => 68.5));
    expect(scrollTopToReveal(fractional, 10, 0, 753.25)).toBe(1 + 2);
    expect(scrollTopToReveal(fractional, 2, 137.25, 753)).toBe(137 - 2);
  });

  it('shows the top of an entry taller than the viewport, and nothing for a row that is not there', () => {
    expect(scrollTopToReveal(buildOffsets([68, 900, 68]), 1, 0, 770)).toBe(68 - 2);
    expect(scrollTopToReveal(offsets, 500, at, 770)).toBeNull();
  });

  it('keeps the entry where it was put while the entries above and around it are measured', () => {
    const keys = heights.map((_, i) => `p${i}`);
    const stamps = heights.map((_, i) => 1000 - i);
    const top = scrollTopToReveal(offsets, 400, 0, 770)!;
    const anchors = listAnchorsFrom(offsets, keys, stamps, 400, top);
    expect(anchors[0]).toEqual({ key: 'p400', delta: top - 68 * 400, stamp: 600 });
    // every entry turned out 70 px tall: entry 400 starts where it was put, 70 px above the
    // viewport's bottom, and is still wholly in view
    const measured = buildOffsets(heights.map(() => 70));
    const after = scrollTopForAnchors(anchors, measured, (k) => keys.indexOf(k), (k) => 1000 - Number(k.slice(1)))!;
    expect(measured[400]! - after).toBe(770 - 68 - 2);
    expect(scrollTopToReveal(measured, 400, after, 770)).toBeNull();
  });
});
