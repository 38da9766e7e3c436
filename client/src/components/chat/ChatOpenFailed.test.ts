import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.js';
import { noAnswer } from './ChatOpenFailed.js';

/**
 * Whether a failed opening is "no answer" decides what the member sees: a kept chat stays on screen,
 * "Try again" is offered and the opening is made again when the connection comes back. An answer
 * that says no (not found, blocked) replaces the chat with its notice and the way back only.
 */
describe('noAnswer', () => {
  it('the network, a server error and a proxy whose servers are away are no answer', () => {
    for (const status of [0, 500, 502, 503, 504]) expect(noAnswer(new ApiError(status, 'try_later', {}))).toBe(true);
  });

  it('a 429 (a CDN in front saying "slow down", or the paging allowance) is no answer: it says "later", not no', () => {
    // It replaced the chat the member had just read with "Something went wrong. Please try again."
    // and no Try again button, only the way back to the list.
    expect(noAnswer(new ApiError(429, 'generic', {}))).toBe(true);
    expect(noAnswer(new ApiError(429, 'rate_limited', { error: 'rate_limited' }))).toBe(true);
  });

  it('not found and blocked are answers', () => {
    expect(noAnswer(new ApiError(404, 'not_found', { error: 'not_found' }))).toBe(false);
    expect(noAnswer(new ApiError(403, 'blocked', { error: 'blocked' }))).toBe(false);
  });
});
