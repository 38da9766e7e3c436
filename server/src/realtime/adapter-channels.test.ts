/**
 * A publish that fails names its room only in its channel: the node reads it back from there to
 * tell that room's members on other nodes to catch up (adapter.ts, noteFailedPublishes).
 */
import { describe, expect, it } from 'vitest';
import { rooms } from '@shared/realtime.js';
import { roomOfChannel, shardedRoomChannel } from './adapter.js';

describe('the room of an adapter channel', () => {
  it("reads a member's room back from its channel", () => {
    expect(roomOfChannel(shardedRoomChannel(rooms.user(42)))).toBe('user:42');
    expect(roomOfChannel(shardedRoomChannel(rooms.presence(7)))).toBe('presence:7');
  });

  it('finds no room in a namespace-wide channel or a foreign one', () => {
    expect(roomOfChannel('socket.io#/#')).toBeUndefined();
    expect(roomOfChannel('presence:user:42')).toBeUndefined();
  });
});
