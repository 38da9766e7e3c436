import { useEffect, useRef, type PointerEvent, type RefObject } from 'react';

/** Keys that scroll a list. */
const SCROLL_KEYS = new Set(['Home', 'End', 'PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', ' ']);

/** How long after the member's input a move of the list counts as theirs. */
const INPUT_COUNTS_MS = 1_000;

/**
 * Tells a list whether the member acted on it just now: the wheel, a touch, a scroll key, the
 * scrollbar. A list that is about to scroll itself (to stay at its newest row) reads it: a move
 * that came with the member's input is theirs even before its scroll event arrives, and a move
 * without input is the browser's (it clamps a list whose content shrank).
 */
export function useMemberInput(scroller: RefObject<HTMLElement | null>) {
  const actedAt = useRef(-Infinity);
  const note = () => {
    actedAt.current = performance.now();
  };

  // A scroll key reaches the list from an element inside it, or from the page itself after a
  // click on the list (the browser scrolls the box last clicked); not from the message box, where
  // Home and the arrows move the caret.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (!SCROLL_KEYS.has(event.key) || !(target instanceof Node)) return;
      if (target === document.body || target === document.documentElement || scroller.current?.contains(target)) note();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [scroller]);

  return {
    /** for the scrolling element */
    handlers: {
      onWheel: note,
      onTouchMove: note,
      // On the element itself, not a row: its scrollbar.
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.target === event.currentTarget) note();
      },
    },
    actedJustNow: () => performance.now() - actedAt.current < INPUT_COUNTS_MS,
  };
}
