import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accept-encoding.js';

const OURS = ['br', 'gzip'] as const;

describe('Accept-Encoding', () => {
  it("takes what browsers send, in the server's order where the client has none", () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd', OURS)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip, deflate', OURS)).toEqual(['gzip']);
    expect(acceptedEncodings('gzip, deflate, br', ['gzip', 'br'])).toEqual(['gzip', 'br']);
  });

  it('reads q-values: 0 excludes, a higher one comes first', () => {
    expect(acceptedEncodings('br;q=0, gzip', OURS)).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0', OURS)).toEqual([]);
    expect(acceptedEncodings('br;q=0.5, gzip;q=0.8', OURS)).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('BR; Q=0.000, GZIP ; q = 1.0', OURS)).toEqual(['gzip']);
  });

  it('counts an unreadable q-value as not acceptable', () => {
    expect(acceptedEncodings('br;q=2, gzip;q=abc', OURS)).toEqual([]);
    expect(acceptedEncodings('br;q=0.1234, gzip;q=0.5', OURS)).toEqual(['gzip']);
  });

  it('reads * as every coding not named, and x-gzip as gzip', () => {
    expect(acceptedEncodings('*', OURS)).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, *', OURS)).toEqual(['gzip']);
    expect(acceptedEncodings('gzip, *;q=0', OURS)).toEqual(['gzip']);
    expect(acceptedEncodings('x-gzip', OURS)).toEqual(['gzip']);
  });

  it('sends the identity without a header, with an empty one, or when the client prefers it', () => {
    expect(acceptedEncodings(undefined, OURS)).toEqual([]);
    expect(acceptedEncodings('', OURS)).toEqual([]);
    expect(acceptedEncodings('identity', OURS)).toEqual([]);
    expect(acceptedEncodings('identity;q=1, br;q=0.5', OURS)).toEqual([]);
    expect(acceptedEncodings('identity;q=0.5, br', OURS)).toEqual(['br']);
  });
});
