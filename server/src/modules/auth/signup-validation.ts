/** The field rules of sign-up, from the shared rules, each failing field with its own code. */
import type { ErrorCode } from '@shared/errors.js';
import type { SignupBody } from '@shared/api/auth.js';
import { birthDateError } from '@shared/rules/age.js';
import { emailError, suggestEmail } from '@shared/rules/email-suggestion.js';
import { newPasswordError } from '@shared/rules/password.js';
import { usernameError } from '@shared/rules/username.js';
import { HttpError } from '../../http/errors.js';

/**
 * Throws one 400 naming every bad field in `fields`; the top-level code is the first bad field's
 * (e-mail first, as the form shows it first). A bad e-mail carries a did-you-mean `suggestion`.
 */
export function assertSignupFields(body: SignupBody, now: number): void {
  const email = body.email?.trim() ?? '';
  const fields: Record<string, ErrorCode> = {};
  const emailCode = emailError(email);
  if (emailCode) fields.email = emailCode;
  const name = usernameError(body.name ?? '', email);
  if (name) fields.name = name;
  const password = newPasswordError(body.password ?? '');
  if (password) fields.password = password;
  const birthDate = birthDateError(body.date_of_birth ?? '', now);
  if (birthDate) fields.date_of_birth = birthDate;

  const first = Object.values(fields)[0];
  if (!first) return;
  const extra: Record<string, unknown> = { fields };
  if (fields.email) extra.suggestion = suggestEmail(email);
  throw new HttpError(400, first, extra);
}
