import { useRef } from 'react';

/**
 * Tells a list's own scrolls from the member's, for the windowed lists (MessageList, the chat
 * list): each keeps the entries on screen in place by scrolling itself, and must not take that
 * scroll event for the member's, which would re-anchor on entries whose height is still an
 * estimate and let the view drift once they are measured.
 */
export interface ScrollOrigin {
  /** Call right after setting `el.scrollTop` from code: the event that follows is the list's own. */
  ownScroll(el: HTMLElement): void;
  /**
   * Call on every scroll event: whether the member moved the list. Not for the list's own scroll,
   * nor for an event that did not move (Chromium fires one when the box gets shorter without moving).
   */
  movedByMember(el: HTMLElement): boolean;
  /**
   * Whether the list stands elsewhere than where it was last put or seen, its scroll event still
   * to come. The member may have moved it, or the browser (it clamps a list whose content shrank):
   * position alone does not tell which (MessageList asks use-member-input.ts as well).
   */
  movedSinceSeen(el: HTMLElement): boolean;
  /**
   * How far a scroll whose event is still to come took the list from where it was last put or
   * seen (a script's, or the browser bringing something into view for a screen reader), for the
   * list to keep rather than put back when it lays itself out again. 0 when it did not move by a
   * pixel, and at the list's end, where the browser's clamp of a list that got shorter moves it
   * with nobody scrolling.
   */
  unseenMove(el: HTMLElement): number;
  /** Call where the list takes its position in (an anchor taken from scrollTop): it is seen there. */
  seen(el: HTMLElement): void;
}

export function useScrollOrigin(): ScrollOrigin {
  /** where the list itself last scrolled to: that scroll event must not move the anchor */
  const programmaticTop = useRef<number | null>(null);
  /** scrollTop at the last scroll event: an event that did not move is no scroll by the member */
  const lastEventTop = useRef<number | null>(null);
  /** where the list was last put by code or seen at a scroll event */
  const seenTop = useRef<number | null>(null);
  const moveSinceSeen = (el: HTMLElement) => (seenTop.current === null ? 0 : el.scrollTop - seenTop.current);
  const origin = useRef<ScrollOrigin>({
    ownScroll(el) {
      programmaticTop.current = el.scrollTop;
      seenTop.current = el.scrollTop;
    },
    movedSinceSeen(el) {
      return Math.abs(moveSinceSeen(el)) >= 1;
    },
    unseenMove(el) {
      const clamped = el.scrollTop >= el.scrollHeight - el.clientHeight - 1;
      const move = moveSinceSeen(el);
      return clamped || Math.abs(move) < 1 ? 0 : move;
    },
    seen(el) {
      seenTop.current = el.scrollTop;
    },
    movedByMember(el) {
      const moved = lastEventTop.current === null || Math.abs(el.scrollTop - lastEventTop.current) >= 1;
      lastEventTop.current = el.scrollTop;
      seenTop.current = el.scrollTop;
      if (programmaticTop.current !== null && Math.abs(el.scrollTop - programmaticTop.current) < 1) {
        programmaticTop.current = null;
        return false;
      }
      return moved;
    },
  });
  return origin.current;
}
