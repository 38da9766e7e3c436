import { z } from 'zod';
import type { ChatProfileDto } from './chats.js';
import { queryInt } from './text.js';

/** GET /api/profile.php?id=N */
export const profileQuery = z.object({ id: queryInt(1) });

/**
 * A member as their profile page shows them: what a chat shows, plus where they live and what
 * they wrote about themselves. Photos, details and interests join it with the profiles release.
 */
export interface ProfileViewDto extends ChatProfileDto {
  city: string | null;
  about: string | null;
}

/** 200 of GET /api/profile.php; a member who blocked the viewer answers 403 `blocked` instead. */
export interface ProfileResponse {
  profile: ProfileViewDto;
  /** the viewer blocks this member: the page offers Unblock */
  blocked_by_me: boolean;
}
