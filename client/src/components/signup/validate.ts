import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/constants.js';
import { isBirthDateAllowed } from '@shared/rules/age.js';
import { isValidEmail } from '@shared/rules/email-suggestion.js';
import { isUsernameAllowed } from '@shared/rules/username.js';
import type { SignupDraft } from '../../state/signup-draft.js';

export type SignupField = 'gender' | 'seeking' | 'date_of_birth' | 'name' | 'email' | 'password' | 'signup_message';
/** field -> message id (errors.<code> for the shared rules, signup.* for choices) */
export type FieldErrors = Partial<Record<SignupField, string>>;

export const STEP_FIELDS: readonly (readonly SignupField[])[] = [['gender', 'seeking'], ['date_of_birth'], ['name'], ['email', 'password'], ['signup_message']];
export const LAST_STEP = STEP_FIELDS.length - 1;

export function stepOfField(field: string): number {
  const step = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return step === -1 ? LAST_STEP : step;
}

/** The same rules the server applies (shared/src/rules), checked before leaving a step. */
export function validateStep(step: number, draft: SignupDraft, password: string, nowMs: number): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of STEP_FIELDS[step] ?? []) {
    if (field === 'gender' && !draft.gender) errors.gender = 'signup.chooseGender';
    if (field === 'seeking' && !draft.seeking) errors.seeking = 'signup.chooseSeeking';
    if (field === 'date_of_birth' && !isBirthDateAllowed(draft.date_of_birth, nowMs)) errors.date_of_birth = 'errors.invalid_birth_date';
    if (field === 'name' && !isUsernameAllowed(draft.name, draft.email)) errors.name = 'errors.username_invalid';
    if (field === 'email' && !isValidEmail(draft.email)) errors.email = 'errors.invalid_email';
    if (field === 'password' && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)) errors.password = 'errors.password_length';
  }
  return errors;
}

/** Validates every step; returns the errors and the first step that has one (or -1). */
export function validateAll(draft: SignupDraft, password: string, nowMs: number): { errors: FieldErrors; firstStep: number } {
  let errors: FieldErrors = {};
  let firstStep = -1;
  STEP_FIELDS.forEach((_, step) => {
    const stepErrors = validateStep(step, draft, password, nowMs);
    if (Object.keys(stepErrors).length && firstStep === -1) firstStep = step;
    errors = { ...errors, ...stepErrors };
  });
  return { errors, firstStep };
}
