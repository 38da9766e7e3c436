/**
 * A member going offline while the disk is full: the "last seen" stamp cannot be written, and
 * watchers must still be told, or they show the member online until they reload.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PresenceDto } from '@shared/realtime.js';
import { loggedInMember, send } from '../modules/chats/chat-test-kit.js';
import { withFullDisk } from '../test/full-disk.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { command, nextEvent, openSocket, type ClientSocket } from './testing.js';

let server: TestServer;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server.destroy();
});

async function connect(cookie: string): Promise<ClientSocket> {
  const socket = await openSocket(server.url, { cookie });
  sockets.push(socket);
  return socket;
}

it('tells watchers that a member went offline while the last-seen stamp cannot be written', async () => {
  const watcher = await loggedInMember(server);
  const watched = await loggedInMember(server);
  await send(watched.client, watcher.user.id, 'hi');
  const watcherSocket = await connect(watcher.client.cookieHeader());
  await command<PresenceDto[]>(watcherSocket, 'presence:watch', { profiles: [watched.user.id] });
  const online = nextEvent(watcherSocket, 'presence', (p) => p.online);
  const tab = await connect(watched.client.cookieHeader());
  await online;
  await withFullDisk(server.db, async () => {
    const offline = nextEvent(watcherSocket, 'presence', (p) => !p.online).catch((err: Error) => err.message);
    tab.close();
    expect(await offline).toMatchObject({ profile: watched.user.id, online: false });
  });
});
