import { appStore } from '../state/jotai.js';
import { userAtom } from '../state/user.js';

/**
 * The server said the session is gone (403 authentication_required: logged out in another tab,
 * expired, the password changed elsewhere). A member's tab loads the log-in page afresh, as
 * log-out does. A client navigation kept the member's chats, counts and unsent messages in memory,
 * and whoever logged in next in that tab was shown them, and sent the unsent ones as themselves.
 */
export function sessionEnded(navigate: (path: string) => void, load: (path: string) => void = (path) => window.location.assign(path)): void {
  if (appStore.get(userAtom) === null) navigate('/login');
  else load('/login');
}
