import { appStore } from '../state/jotai.js';
import { userAtom } from '../state/user.js';

/**
 * The server said the session is gone (403 authentication_required: logged out in another tab,
 * expired, the password changed elsewhere). A member's tab loads the log-in page afresh, as
 * log-out does. A client navigation kept the member's chats, counts and unsent messages in memory,
 * and whoever logged in next in that tab was shown them, and sent the unsent ones as themselves.
 */
export function sessionEnded(navigate: (path: string) => void, load: (path: string) => void = (path) => window.location.assign(path)): void {
  if (Date.now() < standAsideUntil) return;
  if (appStore.get(userAtom) === null) return navigate('/login');
  markSessionEnded();
  load('/login');
}

/**
 * Set by a log-out in this tab or in another tab of the browser. The session ends on purpose then,
 * and what its end sets off while the log-out's request is under way (the server closes the
 * session's sockets, their reconnect is refused, the chats asked for answer 403) left tabs on the
 * log-in page, saying the session had ended, instead of the root path the log-out goes to (a CI run
 * of session 45; one in six runs of e2e/logout-other-tabs.spec.ts for the other tabs).
 * Another tab's log-out is bounded: that tab may close before it says the log-out is done.
 */
let standAsideUntil = 0;

export function loggingOutHere(forMs = Number.POSITIVE_INFINITY): void {
  standAsideUntil = Math.max(standAsideUntil, Date.now() + forMs);
}

/** This tab's log-out did not happen (the server was not reached): a session that ends is news again. */
export function notLoggingOutHere(): void {
  standAsideUntil = 0;
}

/** Tells the log-in page it comes after a session ended: without a word the member could not tell why. */
const ENDED_KEY = 'session-ended';

function markSessionEnded(): void {
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // storage disabled: the log-in page comes without the notice
  }
}

/** Whether this page load follows an ended session; said once (a later reload of /login says nothing). */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(ENDED_KEY) !== null;
    sessionStorage.removeItem(ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}
