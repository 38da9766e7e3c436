import { useEffect, useRef, useState } from 'react';
import { markChatRead } from '../../state/chat-actions.js';
import { getThread } from '../../state/chat-store.js';
import { cameWhileAway, newestStoredId, type UnreadSpan } from '../../state/chat-thread.js';
import { serverNow } from '../../state/server-clock.js';

/**
 * Reads the open chat while the page is visible (its messages as they arrive, the rest on the
 * return to a hidden page), and says where "Unread messages" goes for what came while the page
 * was hidden: null until something did. `stored` and `unread` are what should make it look again
 * (the thread's messages, the list entry's unread count).
 */
export function useReadOnScreen(profile: number, loaded: boolean, stored: unknown, unread: number | undefined): UnreadSpan | null {
  const [span, setSpan] = useState<UnreadSpan | null>(null);
  /** the newest message read on screen; null until the chat has been on a visible page */
  const readOnScreen = useRef<number | null>(null);
  /** set while hidden, and after the return until it is known whether anything came meanwhile */
  const away = useRef<{ readThrough: number; backAt: number | null } | null>(null);

  // Before the read below: once it has read them, nothing tells what came while away.
  const lookForNews = () => {
    const thread = getThread(profile);
    if (!thread?.loaded || away.current?.backAt == null) return;
    const found = cameWhileAway(thread, away.current.readThrough, away.current.backAt);
    if (found === 'none') return;
    away.current = null;
    if (found !== 'live') setSpan(found);
  };

  // A chat opened on a hidden page was never seen: all after the server's read mark at the
  // opening is news. Hidden again after a return, from what was read since.
  const goneAway = () => {
    const thread = getThread(profile);
    if (!thread?.loaded || away.current?.backAt === null) return;
    away.current = { readThrough: readOnScreen.current ?? thread.openedReadMark, backAt: null };
  };

  // What is on a visible page is read, after looking for what came while away among it.
  const readWhatIsShown = () => {
    lookForNews();
    const thread = getThread(profile);
    if (thread?.loaded) readOnScreen.current = newestStoredId(thread);
    void markChatRead(profile);
  };

  useEffect(() => {
    if (!loaded) return;
    if (document.visibilityState !== 'visible') return goneAway();
    readWhatIsShown();
  }, [profile, loaded, stored, unread]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return goneAway();
      // The server's time, as the messages' times it is compared with (cameWhileAway).
      if (away.current) away.current.backAt = serverNow();
      readWhatIsShown();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [profile]);

  return span;
}
