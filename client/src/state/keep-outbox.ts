/** Keeps the member's unsent messages across pages and tabs (outbox.ts stores them). */
import { appStore } from './jotai.js';
import { removeOutgoing, restoreOutgoing } from './chat-thread.js';
import { loadOutbox, outboxOf, saveOutbox, watchOtherTabs } from './outbox.js';
import { updateThread } from './chat-store.js';
import { threadsAtom } from './chats.js';

/**
 * Brings back the member's unsent messages of an earlier page (pending ones go out with the next
 * catch-up or poll round, with their first client id) and saves them whenever they change.
 * Returns the unsubscribe.
 */
export function keepOutboxOf(userId: number | null): () => void {
  if (userId === null) return () => undefined;
  for (const { profile, message } of loadOutbox(userId)) updateThread(profile, (t) => restoreOutgoing(t, message), message.conversation);
  // Recorded at once as what this page holds: saveOutbox skips writing an empty outbox over a key
  // the page never wrote, so a restored message sent later stayed stored, pending at every reload.
  saveOutbox(userId, outboxOf(appStore.get(threadsAtom).values()));
  const unsubscribe = appStore.sub(threadsAtom, () => saveOutbox(userId, outboxOf(appStore.get(threadsAtom).values())));
  // Refused messages another tab is done with (removed, or retried and stored, whose stored copy
  // comes as the frame of one's own message does). Pending ones stay: they go out from here too,
  // under the same client id, and the server stores them once.
  const unwatch = watchOtherTabs(userId, (keys) => {
    for (const thread of appStore.get(threadsAtom).values()) {
      for (const message of thread.outgoing) if (message.local === 'failed' && keys.has(message.key)) updateThread(thread.profile, (t) => removeOutgoing(t, message.key));
    }
  });
  return () => {
    unsubscribe();
    unwatch();
  };
}
