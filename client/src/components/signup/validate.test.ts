import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type SignupDraft } from '../../state/signup-draft.js';
import { stepOfField, validateAll, validateStep } from './validate.js';

const now = Date.parse('2025-06-01T12:00:00Z');
const complete: SignupDraft = { ...EMPTY_DRAFT, gender: 'female', seeking: 'male', date_of_birth: '1990-04-02', name: 'Sophie', email: 'sophie@example.com', signup_message: '' };

describe('signup validation', () => {
  it('a complete draft passes every step', () => {
    expect(validateAll(complete, 'secret-password', now)).toEqual({ errors: {}, firstStep: -1 });
  });
  it('step 0 needs gender and seeking', () => {
    expect(validateStep(0, EMPTY_DRAFT, '', now)).toEqual({ gender: 'signup.chooseGender', seeking: 'signup.chooseSeeking' });
  });
  it('step 1 rejects minors and nonsense dates with invalid_birth_date', () => {
    expect(validateStep(1, { ...complete, date_of_birth: '2010-01-01' }, '', now)).toEqual({ date_of_birth: 'errors.invalid_birth_date' });
  });
  it('step 1 calls an empty date missing, but half a typed date invalid', () => {
    expect(validateStep(1, { ...complete, date_of_birth: '' }, '', now)).toEqual({ date_of_birth: 'errors.birth_date_required' });
    expect(validateStep(1, { ...complete, date_of_birth: '' }, '', now, { birthDateIncomplete: true })).toEqual({ date_of_birth: 'errors.invalid_birth_date' });
  });
  it('step 2 calls an empty name missing', () => {
    expect(validateStep(2, { ...complete, name: '' }, '', now)).toEqual({ name: 'errors.username_required' });
    expect(validateStep(2, { ...complete, name: '  ' }, '', now)).toEqual({ name: 'errors.username_required' });
  });
  it('step 2 rejects a name equal to the e-mail or starting with @', () => {
    expect(validateStep(2, { ...complete, name: 'sophie@example.com' }, '', now)).toEqual({ name: 'errors.username_invalid' });
    expect(validateStep(2, { ...complete, name: '@sophie' }, '', now)).toEqual({ name: 'errors.username_invalid' });
  });
  it('step 3 checks e-mail syntax and password length', () => {
    expect(validateStep(3, { ...complete, email: 'nope' }, 'short', now)).toEqual({ email: 'errors.invalid_email', password: 'errors.password_length' });
  });
  it('step 3 calls an empty password missing, not too short', () => {
    expect(validateStep(3, complete, '', now)).toEqual({ password: 'errors.password_required' });
    expect(validateAll(complete, '', now)).toEqual({ errors: { password: 'errors.password_required' }, firstStep: 3 });
  });
  it('step 3 counts a password in characters, as the server does: 7 emoji are too short', () => {
    expect(validateStep(3, complete, '😀'.repeat(7), now)).toEqual({ password: 'errors.password_length' });
  });
  it('step 3 calls an empty e-mail missing', () => {
    expect(validateStep(3, { ...complete, email: '' }, 'secret-password', now)).toEqual({ email: 'errors.email_required' });
    expect(validateStep(3, { ...complete, email: '   ' }, 'secret-password', now)).toEqual({ email: 'errors.email_required' });
  });
  it('validateAll points at the first step with an error', () => {
    expect(validateAll({ ...complete, name: '@x' }, 'short', now).firstStep).toBe(2);
  });
  it('server fields map back to their step', () => {
    expect(stepOfField('gender')).toBe(0);
    expect(stepOfField('date_of_birth')).toBe(1);
    expect(stepOfField('email')).toBe(3);
    expect(stepOfField('unknown')).toBe(4);
  });
});
