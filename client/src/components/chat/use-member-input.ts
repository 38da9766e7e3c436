import { useEffect, useRef, type PointerEvent, type RefObject, type TouchEvent, type WheelEvent } from 'react';

/** Keys that scroll a list up, towards older messages (Shift+Space too). */
const UP_KEYS = new Set(['Home', 'PageUp', 'ArrowUp']);

/** How long after the member's input a move of the list counts as theirs. */
const INPUT_COUNTS_MS = 1_000;

/**
 * Tells a list whether the member just acted on it in a way that takes it up, away from its
 * newest row: the wheel or a finger upwards, a key (Home, Page Up, the up arrow, Shift+Space), a
 * press on the scrollbar. A list that is about to scroll itself (to stay at its newest row) reads
 * it: a move that came with such input is theirs even before its scroll event arrives, and a move
 * without it is the browser's (it clamps a list whose content shrank). Input downwards does not
 * count: at the newest row it moves nothing, and a member touching the list there would otherwise
 * have a clamp in the same second taken for their move.
 */
export function useMemberInput(scroller: RefObject<HTMLElement | null>) {
  const actedAt = useRef(-Infinity);
  const touchY = useRef<number | null>(null);
  const note = () => {
    actedAt.current = performance.now();
  };

  // A key reaches the list from an element inside it, or from the page itself after a click on
  // the list (the browser scrolls the box last clicked); not from the message box, where Home
  // and the arrows move the caret.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const up = UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey);
      if (!up || !(target instanceof Node)) return;
      if (target === document.body || target === document.documentElement || scroller.current?.contains(target)) note();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [scroller]);

  return {
    /** for the scrolling element */
    handlers: {
      onWheel: (event: WheelEvent<HTMLElement>) => {
        if (event.deltaY < 0) note();
      },
      onTouchStart: (event: TouchEvent<HTMLElement>) => {
        touchY.current = event.touches[0]?.clientY ?? null;
      },
      // A finger moving down the screen scrolls the list up.
      onTouchMove: (event: TouchEvent<HTMLElement>) => {
        const y = event.touches[0]?.clientY;
        if (y === undefined) return;
        if (touchY.current !== null && y > touchY.current) note();
        touchY.current = y;
      },
      // On the element itself, not a row: its scrollbar (either way).
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.target === event.currentTarget) note();
      },
    },
    actedJustNow: () => performance.now() - actedAt.current < INPUT_COUNTS_MS,
    /**
     * The member asked for the newest message ("Jump to the newest message"): what they did
     * upwards before is over. Else a jump within a second of Page Up or the wheel took the
     * browser's clamp, as the rows below were measured, for their move, and stopped part-way.
     */
    forget: () => {
      actedAt.current = -Infinity;
    },
  };
}
