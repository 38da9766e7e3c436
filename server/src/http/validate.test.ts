/** What a refused body tells the client: each bad field, also one named __proto__, and not a flood of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createMember } from '../test/factories.js';
import { clientId, loggedInMember } from '../modules/chats/chat-test-kit.js';
import { MAX_NAMED_FIELDS } from './validate.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('a refused body', () => {
  it('names a key called __proto__ like any other unknown field', async () => {
    const member = await loggedInMember(server, { credits: 5 });
    const peer = await createMember(server.db);
    // Written as JSON text: an object literal's __proto__ would set its prototype, not send a key.
    const raw = `{"profile":${peer.id},"client_id":"${clientId()}","body":"hi","__proto__":{"isAdmin":true}}`;
    const res = await member.client.post('/api/messages.php', raw, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    // Parsed from JSON text, so __proto__ is an own key here too.
    expect(Object.keys(res.body.fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(res.body.fields, '__proto__')?.value).toBe('invalid_request');
  });

  it(`names at most ${MAX_NAMED_FIELDS} fields, so a body of many unknown keys is not answered with a longer refusal`, async () => {
    const member = await loggedInMember(server, { credits: 5 });
    const peer = await createMember(server.db);
    const junk = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`junk_field_${i}`, 1]));
    const body = JSON.stringify({ profile: peer.id, client_id: clientId(), body: 'hi', ...junk });
    const res = await member.client.post('/api/messages.php', body, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toHaveLength(MAX_NAMED_FIELDS);
    expect(res.body.fields.junk_field_0).toBe('invalid_request');
    expect(JSON.stringify(res.body).length).toBeLessThan(2_000);
  });
});
