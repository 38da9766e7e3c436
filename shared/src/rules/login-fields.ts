/**
 * What the log-in form and POST /api/user.php say about fields left empty. Each names what is
 * missing: "Please enter your e-mail address and password." for a password alone left empty read
 * as if the address typed (or filled in from sign-up) had been lost. Whether the address is
 * well-formed is not checked here: a malformed one answers login_failed like an unknown one.
 */
export type LoginFieldErrors = Partial<{ email: 'email_required'; password: 'password_required' }>;

export function loginFieldErrors(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (email.trim() === '') errors.email = 'email_required';
  // Spaces can be part of a password: only nothing at all is missing.
  if (password === '') errors.password = 'password_required';
  return errors;
}
