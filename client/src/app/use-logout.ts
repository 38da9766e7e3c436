import { WAITED_WITHIN_MS } from '@shared/constants.js';
import { ApiError } from '../api/http.js';
import { logout } from '../api/user.js';
import { showToast } from '../components/Toast.js';
import { useT } from '../i18n/use-t.js';
import { clearDrafts } from '../state/chat-drafts.js';
import { clearLastOpenedChats } from '../state/chats.js';
import { appStore } from '../state/jotai.js';
import { clearOutboxes } from '../state/outbox.js';
import { loggingOutHere, notLoggingOutHere } from './session-ended.js';
import { userAtom } from '../state/user.js';

/** Where a log-out tells the browser's other tabs (BroadcastChannel, same origin only). */
const LOG_OUT_CHANNEL = 'member-log-out';

/**
 * Log-out ends the server session and goes to the root path (spec section 4). A full page load
 * rather than a client navigation: it drops every member atom (chats, counts, socket) at once,
 * and the members-only guard cannot race the navigation to '/' with its own redirect to /login.
 */
export function useLogout(): () => Promise<void> {
  const t = useT();
  return async () => {
    // Said at once: the answer can take up to WAITED_WITHIN_MS on a slow network, and a menu that
    // closed with nothing else happening left the member unsure whether she was logged out.
    const dismiss = showToast(t('nav.loggingOut'), 'info', WAITED_WITHIN_MS);
    const loggedOut = await logOutHere();
    dismiss();
    if (!loggedOut) showToast(t('nav.logoutFailed'), 'danger');
  };
}

/**
 * Ends the session on the server, then leaves the member's page. False when the server did not
 * say the session is over (no network, a captive portal's page, a proxy's error): the session is
 * still valid then, so the member stays, with her drafts and unsent messages. Before, the page
 * left anyway: she believed she had logged out, her drafts and unsent messages were gone, and
 * whoever opened the site next on that device (a hotel's or a friend's computer) was in her account.
 */
export async function logOutHere(load?: (path: string) => void): Promise<boolean> {
  loggingOutHere();
  announce('logging-out');
  const ended = await logout({ within: WAITED_WITHIN_MS }).then(
    () => true,
    // A session already over (logged out in another tab meanwhile) is as good as the log-out.
    (error: unknown) => error instanceof ApiError && error.code === 'authentication_required',
  );
  if (!ended) {
    notLoggingOutHere();
    return false;
  }
  leaveMemberPage(load);
  announce('logged-out');
  return true;
}

/** Nothing of the member's stays on the device, nor in this page. */
function leaveMemberPage(load: (path: string) => void = (path) => window.location.assign(path)): void {
  clearOutboxes();
  clearDrafts();
  clearLastOpenedChats();
  load('/');
}

/**
 * 'logging-out' comes first: the server closes the session's sockets in every tab while the
 * log-out's request is under way, and a tab that heard nothing before then took it for a session
 * that ended by itself. 'logged-out' follows once the session is gone.
 */
type LogOutNews = 'logging-out' | 'logged-out';

/** How long another tab's log-out may take before a refused call counts as a session that ended. */
const OTHER_TAB_LOG_OUT_MS = 15_000;

function announce(news: LogOutNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(LOG_OUT_CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/**
 * The member's other tabs leave as the one she logged out in does. They heard of it only at their
 * next call (about 5 s later, the socket closed), or, offline, not at all: they kept showing her
 * chats, and what she typed or sent there afterwards was stored again for the next member to find.
 * Returns the unsubscribe.
 */
export function followLogOutElsewhere(load?: (path: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(LOG_OUT_CHANNEL);
  channel.onmessage = (event: MessageEvent<LogOutNews>) => {
    if (appStore.get(userAtom) === null) return;
    if (event.data === 'logging-out') loggingOutHere(OTHER_TAB_LOG_OUT_MS);
    else leaveMemberPage(load);
  };
  return () => channel.close();
}
