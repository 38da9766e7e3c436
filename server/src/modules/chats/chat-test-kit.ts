/** Shared set-up for the chat tests: members that are logged in, and a terse send. */
import { randomUUID } from 'node:crypto';
import { createMember, type MemberOverrides } from '../../test/factories.js';
import type { TestClient, TestServer } from '../../test/harness.js';
import { loginAs } from '../../test/login.js';
import { openSocket, type ClientSocket } from '../../realtime/testing.js';
import { and, eq } from 'drizzle-orm';
import { conversationMembers, type UserRow } from '@db/schema/index.js';

export interface LoggedIn {
  user: UserRow & { password: string };
  client: TestClient;
}

/** A member with plenty of credits unless told otherwise, logged in. */
export async function loggedInMember(server: TestServer, overrides: MemberOverrides = {}): Promise<LoggedIn> {
  const user = await createMember(server.db, { credits: 100, ...overrides });
  return { user, client: await loginAs(server, user) };
}

export function clientId(): string {
  return randomUUID().replace(/-/g, '');
}

/** POST /api/messages.php with a fresh client id unless one is given. */
export function send(client: TestClient, profile: number, body: string | Record<string, unknown> = 'Hello there') {
  const extra = typeof body === 'string' ? { body } : body;
  return client.post('/api/messages.php', { profile, client_id: clientId(), ...extra });
}

/** A member's own row of a conversation (unread, marks, deleted) as stored now. */
export function memberRow(server: TestServer, conversation: number, userId: number) {
  return server.db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversation), eq(conversationMembers.userId, userId)))
    .get()!;
}

/** A new member logged in on `server` with a socket open there, kept in `opened` for the test to close. */
export async function memberWithSocket(server: TestServer, opened: ClientSocket[]): Promise<LoggedIn & { socket: ClientSocket }> {
  const member = await loggedInMember(server);
  const socket = await openSocket(server.url, { cookie: member.client.cookieHeader() });
  opened.push(socket);
  return { ...member, socket };
}
