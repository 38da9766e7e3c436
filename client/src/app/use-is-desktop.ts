import { useEffect, useState } from 'react';

/** Wide enough for the chat list beside the open chat (chat.css uses the same width). */
export const DESKTOP_QUERY = '(min-width: 900px)';

function matchesDesktop(): boolean {
  // jsdom, and very old browsers, have no matchMedia: the phone's layout, one pane at a time.
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
}

/** Whether the window is desktop-wide now; follows resizes and rotations. */
export function useIsDesktop(): boolean {
  const [desktop, setDesktop] = useState(matchesDesktop);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DESKTOP_QUERY);
    const change = () => setDesktop(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return desktop;
}
