import { describe, expect, it } from 'vitest';
import { loginFieldErrors } from './login-fields.js';

describe('loginFieldErrors', () => {
  it('names each field left empty, and only those', () => {
    expect(loginFieldErrors('', '')).toEqual({ email: 'email_required', password: 'password_required' });
    expect(loginFieldErrors('anna@example.com', '')).toEqual({ password: 'password_required' });
    expect(loginFieldErrors('   ', 'secret-password')).toEqual({ email: 'email_required' });
    expect(loginFieldErrors('anna@example.com', 'secret-password')).toEqual({});
  });
  it('leaves a malformed address and a password of spaces to the log-in itself', () => {
    expect(loginFieldErrors('anna', '   ')).toEqual({});
  });
});
