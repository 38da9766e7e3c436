import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** How tall a row is, read from its resize entry. */
export type RowHeightReader = (entry: ResizeObserverEntry) => number;

/** Whole pixels, as laid out. */
export const layoutHeight: RowHeightReader = (entry) => (entry.target as HTMLElement).offsetHeight;

/** Fractional: rounded heights of rows about 68.5 px tall left each overlapping the next by half a pixel. */
export const exactHeight: RowHeightReader = (entry) => entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;

/**
 * The heights of a windowed list's rows (each carrying `data-row-key`), measured by one
 * ResizeObserver as they render. `version` changes with every new height: `heights` is a ref, and
 * offsets built from it must be rebuilt. `measure` is each row's ref callback; a row that leaves
 * the window is no longer observed.
 */
export function useRowHeights(readHeight: RowHeightReader) {
  const heights = useRef(new Map<string, number>());
  const [version, setVersion] = useState(0);
  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        let changed = false;
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.rowKey;
          const height = readHeight(entry);
          if (key && height > 0 && heights.current.get(key) !== height) {
            heights.current.set(key, height);
            changed = true;
          }
        }
        if (changed) setVersion((v) => v + 1);
      }),
    // the reader is one of the module constants above
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => () => observer.disconnect(), [observer]);
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );
  return { heights, version, measure };
}
