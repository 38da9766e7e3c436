import { describe, expect, it } from 'vitest';
import { shardedRoomChannel } from './adapter.js';
import { AdapterTraffic } from './adapter-stats.js';

describe('AdapterTraffic', () => {
  it('counts the rooms of a few members one by one', () => {
    const traffic = new AdapterTraffic();
    traffic.countChannel(shardedRoomChannel('user:1'));
    traffic.countChannel(shardedRoomChannel('user:1'));
    traffic.countChannel('socket.io#/#');
    expect(traffic.snapshot()).toEqual({ total: 3, byRoom: { 'user:1': 2, '*': 1 } });
  });

  it('keeps a bounded count however many members have passed through the node', () => {
    const traffic = new AdapterTraffic();
    // Weeks of members coming and going: each one's rooms received once or twice, then never again.
    for (let member = 1; member <= 5000; member++) {
      traffic.countChannel(shardedRoomChannel(`user:${member}`));
      traffic.countChannel(shardedRoomChannel(`presence:${member}`));
    }
    const { total, byRoom } = traffic.snapshot();
    expect(total).toBe(10_000);
    // A thousand rooms told apart and one bucket for the rest, not an entry per member ever seen.
    expect(Object.keys(byRoom).length).toBeLessThanOrEqual(1001);
    expect(Object.values(byRoom).reduce((a, b) => a + b, 0)).toBe(10_000);
  });
});
