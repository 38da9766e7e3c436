/**
 * The set-up most socket test files share: one test server for the file, members logged in on it
 * with open tabs (sockets), and every socket closed before the server stops when the file ends.
 * Registers its own beforeAll/afterAll, so call it once at the top of a test file.
 */
import { afterAll, beforeAll } from 'vitest';
import { loggedInMember } from '../modules/chats/chat-test-kit.js';
import type { MemberOverrides } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { openSocket, type ClientSocket } from './testing.js';

export interface SocketTestServer {
  /** the file's server; only valid inside tests (it starts in beforeAll) */
  readonly server: TestServer;
  /** a socket carrying `cookie`, closed when the file ends */
  connect(cookie: string): Promise<ClientSocket>;
  /** closes a socket opened some other way when the file ends */
  closeAtEnd<S extends { close(): unknown }>(socket: S): S;
  /** a logged-in member with `tabs` sockets open */
  memberWithTabs(tabs?: number, overrides?: MemberOverrides): Promise<MemberWithTabs>;
}

export type MemberWithTabs = Awaited<ReturnType<typeof loggedInMember>> & {
  id: number;
  cookie: string;
  sockets: ClientSocket[];
};

/** `env`: settings of the server (startTestServer's), e.g. a shorter period for a timed rule. */
export function socketTestServer(env: Record<string, string> = {}): SocketTestServer {
  let started: TestServer | undefined;
  const sockets: Array<{ close(): unknown }> = [];
  beforeAll(async () => {
    started = await startTestServer(env);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await started?.destroy();
  });

  const running = (): TestServer => {
    if (!started) throw new Error('the socket test server starts in beforeAll; use it inside tests');
    return started;
  };
  const connect = async (cookie: string): Promise<ClientSocket> => {
    const socket = await openSocket(running().url, { cookie });
    sockets.push(socket);
    return socket;
  };

  return {
    get server() {
      return running();
    },
    connect,
    closeAtEnd(socket) {
      sockets.push(socket);
      return socket;
    },
    async memberWithTabs(tabs = 1, overrides = {}) {
      const member = await loggedInMember(running(), overrides);
      const cookie = member.client.cookieHeader();
      const open = await Promise.all(Array.from({ length: tabs }, () => connect(cookie)));
      return { ...member, id: member.user.id, cookie, sockets: open };
    },
  };
}
