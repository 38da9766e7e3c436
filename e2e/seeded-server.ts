import { test as base } from '@playwright/test';
import { startPrivateServer, type PrivateServer } from './private-server.js';

/**
 * A `test` whose `baseURL` is a server of the spec file's own, seeded as the shared e2e server is
 * (playwright.config.ts). For specs that need the demo pair's chats exactly as seeded, which the
 * specs on the shared server write into while they run: chat-screens photographs them, chat-live
 * watches their unread counts move by exactly the messages it sends, profile-block blocks the pair.
 * On a server of their own they run beside the other specs instead of before or after all of them.
 *
 * Call it once at the top of the spec file: the server starts with the file's first test and
 * stops after its last (again in a new worker, when a failure restarted it).
 */
export function testOnSeededServer() {
  let server: PrivateServer | undefined;
  const test = base.extend({
    baseURL: async ({}, use) => {
      server ??= await startPrivateServer({ seedMembers: 120 });
      await use(server.baseURL);
    },
  });
  test.afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
  return test;
}
