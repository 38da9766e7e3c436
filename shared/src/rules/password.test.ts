import { describe, expect, it } from 'vitest';
import { isPasswordLengthOk, newPasswordError } from './password.js';

describe('the sign-up password rule', () => {
  it('calls an empty password missing, not too short', () => {
    expect(newPasswordError('')).toBe('password_required');
  });
  it('calls 1 to 7 and 129 characters the wrong length; spaces count as characters', () => {
    expect(newPasswordError('short')).toBe('password_length');
    expect(newPasswordError(' ')).toBe('password_length');
    expect(newPasswordError('p'.repeat(129))).toBe('password_length');
    expect(newPasswordError('        ')).toBeNull();
    expect(newPasswordError('p'.repeat(128))).toBeNull();
  });
  it('counts an emoji as one character, as the server always did', () => {
    // 7 emoji are 14 UTF-16 units: the form let them through and the server answered password_length
    expect(isPasswordLengthOk('😀'.repeat(7))).toBe(false);
    expect(newPasswordError('😀'.repeat(8))).toBeNull();
  });
});
