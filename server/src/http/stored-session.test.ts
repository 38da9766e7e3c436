import { sign } from 'cookie-signature';
import { describe, expect, it } from 'vitest';
import { rememberingSessionIds, signedSessionId } from './stored-session.js';

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

describe('rememberingSessionIds', () => {
  it('answers as signedSessionId, a remembered cookie included, and still refuses a forgery of it', () => {
    const sessionIdOf = rememberingSessionIds('auth.sid', SECRET);
    const good = cookieFor('abc-123');
    expect(sessionIdOf(good)).toBe('abc-123');
    expect(sessionIdOf(`lang=de; ${good}`)).toBe('abc-123');
    // the same id with a made-up signature; the same signature with another id; another secret
    expect(sessionIdOf(`auth.sid=${encodeURIComponent(`s:abc-123.${'A'.repeat(43)}`)}`)).toBeUndefined();
    expect(sessionIdOf(good.replace('abc-123', 'abc-124'))).toBeUndefined();
    expect(sessionIdOf(cookieFor('abc-123', 'another-secret'))).toBeUndefined();
    expect(sessionIdOf('auth.sid=abc-123')).toBeUndefined();
    expect(sessionIdOf(undefined)).toBeUndefined();
  });

  it('keeps one memory per secret: a cookie verified under one secret is refused under another', () => {
    const good = cookieFor('abc-123');
    expect(rememberingSessionIds('auth.sid', SECRET)(good)).toBe('abc-123');
    expect(rememberingSessionIds('auth.sid', 'another-secret')(good)).toBeUndefined();
  });

  it('keeps answering correctly once its memory is full and starts afresh', () => {
    const sessionIdOf = rememberingSessionIds('auth.sid', SECRET, 3);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) expect(sessionIdOf(cookieFor(`sid-${i}`))).toBe(`sid-${i}`);
    }
    expect(sessionIdOf(cookieFor('sid-1').replace('sid-1', 'sid-9'))).toBeUndefined();
  });
});
