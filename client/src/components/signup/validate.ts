import { birthDateError } from '@shared/rules/age.js';
import { emailError } from '@shared/rules/email-suggestion.js';
import { newPasswordError } from '@shared/rules/password.js';
import { usernameError } from '@shared/rules/username.js';
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

/** What the form's fields hold beyond the draft's values. */
export interface TypedState {
  /**
   * The date field holds part of a date (a day without its year): its value is '' as when nothing
   * was typed, but "Please enter your date of birth." would read as if the typing had been lost.
   */
  birthDateIncomplete?: boolean;
}

/** The same rules the server applies (shared/src/rules), checked before leaving a step. */
export function validateStep(step: number, draft: SignupDraft, password: string, nowMs: number, typed: TypedState = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of STEP_FIELDS[step] ?? []) {
    if (field === 'gender' && !draft.gender) errors.gender = 'signup.chooseGender';
    if (field === 'seeking' && !draft.seeking) errors.seeking = 'signup.chooseSeeking';
    if (field === 'date_of_birth') {
      const code = typed.birthDateIncomplete ? 'invalid_birth_date' : birthDateError(draft.date_of_birth, nowMs);
      if (code) errors.date_of_birth = `errors.${code}`;
    }
    if (field === 'name') {
      const code = usernameError(draft.name, draft.email);
      if (code) errors.name = `errors.${code}`;
    }
    if (field === 'email') {
      const code = emailError(draft.email);
      if (code) errors.email = `errors.${code}`;
    }
    if (field === 'password') {
      const code = newPasswordError(password);
      if (code) errors.password = `errors.${code}`;
    }
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
