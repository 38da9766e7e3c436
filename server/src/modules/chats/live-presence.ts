import type { ChatProfileDto } from '@shared/api/chats.js';
import type { AppContext } from '../../context.js';

/**
 * Fills `online` / `last_seen` of chat profiles from the realtime presence (which spans every
 * node), so a REST load shows the same state the socket's 'presence' events keep up to date.
 * Invisible members come back offline with no last-seen time.
 */
export async function withLivePresence(ctx: AppContext, profiles: ChatProfileDto[]): Promise<void> {
  if (!ctx.presence || profiles.length === 0) return;
  const states = await ctx.presence.lookup([...new Set(profiles.map((p) => p.id))]);
  const byId = new Map(states.map((s) => [s.profile, s]));
  for (const profile of profiles) {
    const state = byId.get(profile.id);
    if (!state) continue;
    profile.online = state.online;
    profile.last_seen = state.last_seen;
    profile.presence_at = state.at;
  }
}
