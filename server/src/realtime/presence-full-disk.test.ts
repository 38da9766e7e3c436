/**
 * A member going offline while the disk is full: the "last seen" stamp cannot be written, and
 * watchers must still be told, or they show the member online until they reload.
 */
import { expect, it } from 'vitest';
import type { PresenceDto } from '@shared/realtime.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { withFullDisk } from '../test/full-disk.js';
import { socketTestServer } from './socket-test-server.js';
import { command, nextEvent } from './testing.js';

const live = socketTestServer();

it('tells watchers that a member went offline while the last-seen stamp cannot be written', async () => {
  const watcher = await loggedInMember(live.server);
  const watched = await loggedInMember(live.server);
  await send(watched.client, watcher.user.id, 'hi');
  const watcherSocket = await live.connect(watcher.client.cookieHeader());
  await command<PresenceDto[]>(watcherSocket, 'presence:watch', { profiles: [watched.user.id] });
  const online = nextEvent(watcherSocket, 'presence', (p) => p.online);
  const tab = await live.connect(watched.client.cookieHeader());
  await online;
  await withFullDisk(live.server.db, async () => {
    const offline = nextEvent(watcherSocket, 'presence', (p) => !p.online).catch((err: Error) => err.message);
    tab.close();
    expect(await offline).toMatchObject({ profile: watched.user.id, online: false });
  });
});
