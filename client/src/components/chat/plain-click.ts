import type { MouseEvent } from 'react';

/**
 * A click that follows a link in this tab: the main button with no modifier. A modified one
 * (a new tab or window, a download) is the browser's, and the app leaves it alone.
 */
export function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
