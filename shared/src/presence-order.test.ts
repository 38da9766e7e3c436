import { describe, expect, it } from 'vitest';
import { newerPresence, type PresenceState } from './presence-order.js';

const at = (iso: string) => new Date(iso).toISOString();

describe('newerPresence: what a viewer is shown for a member', () => {
  it('keeps the later last-seen when an answer read before the member left arrives after the offline event', () => {
    const offline: PresenceState = { online: false, last_seen: at('2026-12-02T10:00:30Z'), at: 200 };
    const lateAnswer: PresenceState = { online: false, last_seen: at('2026-12-02T10:00:00Z'), at: 250 };
    expect(newerPresence(offline, lateAnswer).last_seen).toBe(at('2026-12-02T10:00:30Z'));
  });

  it('follows a last-seen set right after a server clock that ran ahead had stamped a future time', () => {
    // A node an hour ahead stamped 11:00; the server took the corrected 10:05 (users/last-seen.ts),
    // and the viewer must not keep saying "last seen at 11:00" until a reload.
    const futureStamp: PresenceState = { online: false, last_seen: at('2026-12-02T11:00:00Z'), at: 200 };
    const setRight: PresenceState = { online: false, last_seen: at('2026-12-02T10:05:00Z'), at: 300 };
    expect(newerPresence(futureStamp, setRight).last_seen).toBe(at('2026-12-02T10:05:00Z'));
  });

  it('never takes a state decided earlier, whatever its last-seen', () => {
    const shown: PresenceState = { online: true, last_seen: at('2026-12-02T10:00:00Z'), at: 300 };
    const earlier: PresenceState = { online: false, last_seen: at('2026-12-02T09:00:00Z'), at: 100 };
    expect(newerPresence(shown, earlier)).toEqual(shown);
  });
});
