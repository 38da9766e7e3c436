/**
 * The second read of a socket's session, after it joined its member's room: a session that ended
 * (or now holds another member) closes the socket; a store that cannot be read (a Redis outage)
 * leaves it open, as REST keeps serving the session it read.
 */
import type { SessionData, Store } from 'express-session';
import { describe, expect, it, vi } from 'vitest';
import { closeIfSessionEnded, recheckSessionsPeriodically } from './session-recheck.js';
import type { MemberSocket, RealtimeServer } from './types.js';

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

describe('the periodic read of every socket\u2019s session', () => {
  it('reads each socket once a period, spread over it, however few sockets the node holds', () => {
    vi.useFakeTimers();
    try {
      const reads: string[] = [];
      const store = { get: (sid: string, cb: (err: unknown, session?: SessionData | null) => void) => (reads.push(sid), cb(null, { userId: 7 } as unknown as SessionData)) } as unknown as Store;
      const sockets = new Map<string, MemberSocket>();
      const add = (id: string) => sockets.set(id, { id, data: { userId: 7, siteId: 1, host: 'example.test', epoch: 0, sessionId: `sid-${id}` }, disconnect: vi.fn() } as unknown as MemberSocket);
      add('a');
      add('b');
      const io = { of: () => ({ sockets }) } as unknown as RealtimeServer;
      const stop = recheckSessionsPeriodically(io, store, 60_000);
      vi.advanceTimersByTime(60_000);
      expect(reads.sort()).toEqual(['sid-a', 'sid-b']);
      // A socket gone is not read; one added is, from the next period on.
      sockets.delete('a');
      add('c');
      vi.advanceTimersByTime(60_000);
      expect(reads.slice(2).sort()).toEqual(['sid-b', 'sid-c']);
      stop();
      vi.advanceTimersByTime(60_000);
      expect(reads).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
