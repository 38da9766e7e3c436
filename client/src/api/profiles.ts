/** REST calls of the profile pages. */
import type { ProfileResponse } from '@shared/api/profiles.js';
import { WAITED_WITHIN_MS } from '@shared/constants.js';
import { api } from './http.js';

/** 403 `blocked` when the member blocked the viewer; 404 when there is no such member. */
export const fetchProfile = (id: number) => api<ProfileResponse>('/api/profile.php', { query: { id }, within: WAITED_WITHIN_MS });
