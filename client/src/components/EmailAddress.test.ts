import { describe, expect, it } from 'vitest';
import { emailBreakParts } from './EmailAddress.js';

describe('where an e-mail address may break', () => {
  it('after the @ and before each dot, losing no character', () => {
    const address = 'alexandra.konstantinopoulou@example-mail.co.uk';
    const parts = emailBreakParts(address);
    expect(parts).toEqual(['alexandra', '.konstantinopoulou@', 'example-mail', '.co', '.uk']);
    expect(parts.join('')).toBe(address);
  });
  it('nowhere in an address without dots, and not before a leading dot', () => {
    expect(emailBreakParts('anna')).toEqual(['anna']);
    expect(emailBreakParts('.x@y')).toEqual(['.x@', 'y']);
    expect(emailBreakParts('')).toEqual(['']);
  });
});
