import { describe, expect, it } from 'vitest';
import { anchorAt, buildOffsets, isNearBottom, layoutHeights, rowAtOffset, scrollTopFor, visibleRange } from './chat-virtual-window.js';

describe('virtual window maths', () => {
  const offsets = buildOffsets([50, 100, 30, 70]);

  it('builds prefix offsets', () => {
    expect(Array.from(offsets)).toEqual([0, 50, 150, 180, 250]);
  });

  it('finds the row at an offset', () => {
    expect(rowAtOffset(offsets, 0)).toBe(0);
    expect(rowAtOffset(offsets, 49)).toBe(0);
    expect(rowAtOffset(offsets, 50)).toBe(1);
    expect(rowAtOffset(offsets, 179)).toBe(2);
    expect(rowAtOffset(offsets, 10_000)).toBe(3);
  });

  it('renders only the rows in view plus overscan', () => {
    expect(visibleRange(offsets, 60, 50, 0)).toEqual({ start: 1, end: 2 });
    expect(visibleRange(offsets, 60, 100, 0)).toEqual({ start: 1, end: 3 });
    expect(visibleRange(offsets, 60, 50, 20)).toEqual({ start: 0, end: 2 });
    expect(visibleRange(offsets, 60, 50, 40)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(buildOffsets([]), 0, 100, 100)).toEqual({ start: 0, end: 0 });
  });

  it('renders a handful of rows out of 10,000', () => {
    const heights = Array.from({ length: 10_000 }, (_, i) => 40 + (i % 5) * 10);
    const big = buildOffsets(heights);
    const range = visibleRange(big, big[5_000]!, 800, 400);
    expect(range.end - range.start).toBeLessThan(60);
    expect(range.start).toBeLessThan(5_000);
    expect(range.end).toBeGreaterThan(5_000);
  });

  it('keeps the viewed row in place when older rows are prepended', () => {
    const keys = ['a', 'b', 'c', 'd'];
    const anchor = anchorAt(offsets, keys, 160)!;
    expect(anchor).toEqual({ key: 'c', delta: 10 });
    const newKeys = ['x', 'y', ...keys];
    const newOffsets = buildOffsets([40, 60, 50, 100, 30, 70]);
    expect(scrollTopFor(anchor, newOffsets, (k) => newKeys.indexOf(k))).toBe(260);
    expect(scrollTopFor({ key: 'gone', delta: 0 }, newOffsets, (k) => newKeys.indexOf(k))).toBeNull();
  });

  it('anchors on the next stable row when a day separator is at the top', () => {
    const keys = ['day-1', 'm1', 'm2', 'm3'];
    const anchor = anchorAt(offsets, keys, 10, (k) => !k.startsWith('day-'))!;
    expect(anchor).toEqual({ key: 'm1', delta: -40 });
    // older messages of the same day arrive: the separator moves up, m1 keeps its place on screen
    const newKeys = ['day-1', 'm0a', 'm0b', 'm1', 'm2', 'm3'];
    const newOffsets = buildOffsets([50, 60, 60, 100, 30, 70]);
    expect(scrollTopFor(anchor, newOffsets, (k) => newKeys.indexOf(k))).toBe(170 - 40);
  });

  it('knows when the list sits at the bottom', () => {
    expect(isNearBottom(200, 50, 250)).toBe(true);
    expect(isNearBottom(100, 50, 250)).toBe(false);
  });

  describe('estimates rows not measured yet', () => {
    const keys = Array.from({ length: 1_000 }, (_, i) => `m${i}`);
    const messagesOnly = () => null;

    it('at the mean of the rows measured, not at the first guess', () => {
      // 100 of 1,000 measured, about 50 px each (48 and 52 in turn), as the rows of a real chat are
      const measured = new Map(keys.filter((_, i) => i % 10 === 0).map((k, j) => [k, j % 2 === 0 ? 48 : 52] as const));
      const total = buildOffsets(layoutHeights(keys, measured, messagesOnly, 64))[keys.length]!;
      expect(Math.abs(total - 50_000) / 50_000).toBeLessThan(0.03);
    });

    it('at the first guess before any row is measured', () => {
      expect(buildOffsets(layoutHeights(keys, new Map(), messagesOnly, 64))[keys.length]).toBe(64_000);
    });

    it('at whole pixels, and rows with a fixed estimate neither take the mean nor count in it', () => {
      const rows = ['day-1', 'a', 'b', 'c', 'day-2', 'd'];
      const fixed = (i: number) => (rows[i]!.startsWith('day-') ? 44 : null);
      const measured = new Map([['day-1', 30], ['a', 50], ['b', 51]]);
      expect(Array.from(layoutHeights(rows, measured, fixed, 64))).toEqual([30, 50, 51, 51, 44, 51]);
    });
  });
});
