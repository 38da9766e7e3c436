/**
 * The second read of a socket's session, after it joined its member's room: a session that ended
 * (or now holds another member) closes the socket; a store that cannot be read (a Redis outage)
 * leaves it open, as REST keeps serving the session it read.
 */
import type { SessionData, Store } from 'express-session';
import { describe, expect, it, vi } from 'vitest';
import { closeIfSessionEnded } from './session-recheck.js';
import type { MemberSocket } from './types.js';

function storeAnswering(err: Error | null, session?: Partial<SessionData> | null): Store {
  return { get: (_sid: string, cb: (err: unknown, session?: SessionData | null) => void) => cb(err, session as SessionData | null) } as unknown as Store;
}

function socketOf(userId: number) {
  const disconnect = vi.fn();
  return { socket: { data: { userId, siteId: 1, host: 'example.test', epoch: 0, sessionId: 'sid-1' }, disconnect } as unknown as MemberSocket, disconnect };
}

describe('the session read again after the join', () => {
  it('keeps the socket of a session that still holds its member', () => {
    const { socket, disconnect } = socketOf(7);
    closeIfSessionEnded(storeAnswering(null, { userId: 7 }), socket);
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('closes the socket of a session that is gone, or holds another member now', () => {
    const gone = socketOf(7);
    closeIfSessionEnded(storeAnswering(null, null), gone.socket);
    expect(gone.disconnect).toHaveBeenCalledWith(true);
    const other = socketOf(7);
    closeIfSessionEnded(storeAnswering(null, { userId: 8 }), other.socket);
    expect(other.disconnect).toHaveBeenCalledWith(true);
  });

  it('keeps the socket open when the store cannot be read (a Redis outage)', () => {
    const { socket, disconnect } = socketOf(7);
    closeIfSessionEnded(storeAnswering(new Error('Connection is closed.')), socket);
    expect(disconnect).not.toHaveBeenCalled();
  });
});
