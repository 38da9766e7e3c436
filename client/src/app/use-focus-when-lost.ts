import { useEffect, type RefObject } from 'react';

/**
 * Gives `target` the keyboard focus once it has rendered, if the focus is nowhere (on the body):
 * the control that led here was removed with the page or the dialog it stood in, and the next Tab
 * would start again at the top of the page. A focus that is somewhere is left alone.
 */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) target.current?.focus();
  }, [enabled, target]);
}
