import { pathFor } from '@shared/routes.js';

/**
 * A chat opened from the list alone (/chats: a phone's list screen) says so in its history entry,
 * so that its Back arrow goes back to that entry instead of pushing the list again. Pushed, every
 * chat read and left with the arrow stayed in the history: the phone's own back on the list
 * reopened the chat just left, and took two presses per chat to leave Messages.
 */
const OPENED_FROM_LIST = { openedFromList: true } as const;

/** The route state of a link in the list shown at `pathname`: marked only on the list alone. */
export function listLinkState(pathname: string): typeof OPENED_FROM_LIST | undefined {
  return pathname === pathFor('chats') ? OPENED_FROM_LIST : undefined;
}

/** Whether the history entry with this route state is a chat opened from the list alone. */
export function openedFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openedFromList?: unknown }).openedFromList === true;
}
