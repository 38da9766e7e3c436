import { sign } from 'cookie-signature';
import { describe, expect, it } from 'vitest';
import { signedSessionId } from './stored-session.js';

const SECRET = 'a-secret-of-the-server';
/** A cookie as express-session writes it: `s:` + id + signature, URI-encoded. */
const cookieFor = (id: string, secret = SECRET) => `auth.sid=${encodeURIComponent(`s:${sign(id, secret)}`)}`;

describe('signedSessionId', () => {
  it('reads the id from a cookie signed with the secret, among other cookies', () => {
    expect(signedSessionId(cookieFor('abc-123'), 'auth.sid', SECRET)).toBe('abc-123');
    expect(signedSessionId(`theme=dark; ${cookieFor('abc-123')}; lang=de`, 'auth.sid', SECRET)).toBe('abc-123');
  });

  it('gives nothing for another secret, a changed id, an unsigned value, another name or no header', () => {
    expect(signedSessionId(cookieFor('abc-123', 'another-secret'), 'auth.sid', SECRET)).toBeUndefined();
    const tampered = cookieFor('abc-123').replace('abc-123', 'abc-124');
    expect(signedSessionId(tampered, 'auth.sid', SECRET)).toBeUndefined();
    expect(signedSessionId('auth.sid=abc-123', 'auth.sid', SECRET)).toBeUndefined();
    expect(signedSessionId(cookieFor('abc-123').replace('auth.sid', 'other.sid'), 'auth.sid', SECRET)).toBeUndefined();
    expect(signedSessionId(undefined, 'auth.sid', SECRET)).toBeUndefined();
    expect(signedSessionId('', 'auth.sid', SECRET)).toBeUndefined();
  });
});
