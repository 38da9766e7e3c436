import { logout } from '../api/user.js';
import { clearDrafts } from '../state/chat-drafts.js';
import { clearOutboxes } from '../state/outbox.js';

/**
 * Log-out ends the server session and goes to the root path (spec section 4). A full page load
 * rather than a client navigation: it drops every member atom (chats, counts, socket) at once,
 * and the members-only guard cannot race the navigation to '/' with its own redirect to /login.
 */
export function useLogout(): () => Promise<void> {
  return async () => {
    await logout().catch(() => undefined);
    clearOutboxes();
    clearDrafts();
    window.location.assign('/');
  };
}
