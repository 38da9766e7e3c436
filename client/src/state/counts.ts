import type { CountsDto } from '@shared/api/chats.js';
import { atom } from './jotai.js';

/**
 * Unread messages and new likes: drives the Messages/Likes badges and the page title.
 * The realtime bridge (chat screens) writes into it.
 */
export const countsAtom = atom<CountsDto>({ total_unread: 0, total_new_likes: 0, badge: 0, version: 0 });
