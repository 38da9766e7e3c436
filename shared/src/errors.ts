/**
 * Stable error codes of the REST contract and their English text (spec section 8).
 * The server sends { error: code, message: english, ...fields }; the client shows the
 * translation of `errors.<code>` from its message catalogue.
 */
export const ERROR_MESSAGES = {
  authentication_required: 'Please log in to continue.',
  login_failed: 'Login failed, please try again',
  account_locked: 'Too many incorrect attempts, account blocked for {minutes} min.',
  email_not_found: 'E-mail address not found',
  link_invalid: 'Link expired or invalid, request a new email',
  reset_limit: 'Too many password reset emails sent, please try again tomorrow.',
  old_password_wrong: 'Please check your old password.',
  email_taken: 'This email address already owns an account on this website.',
  new_email_invalid: 'New email adress is invalid.',
  invalid_email: 'Invalid email',
  email_required: 'Please enter your e-mail address.',
  passwords_differ: 'The entered passwords are not the same.',
  password_length: 'Password must be 8 to 128 characters.',
  password_required: 'Please enter your password.',
  invalid_birth_date: 'Invalid date of birth.',
  birth_date_required: 'Please enter your date of birth.',
  username_invalid: 'This username is not allowed.',
  username_required: 'Please choose a username.',
  account_exists: 'You already have an account, please log in.',
  account_pending_deletion: 'Your account is scheduled for deletion; log in to reactivate it.',
  signups_closed: 'Sign-up on this website is by invitation only.',
  not_confirmed: 'Please confirm your e-mail address first.',
  already_confirmed: 'Your e-mail address is already confirmed.',
  activation_failed: 'Activation failed',
  code_invalid: 'Code invalid',
  code_not_found: 'Code not found',
  code_used: 'Code already used',
  insufficient_credits: 'You do not have enough credits',
  premium_only: 'This feature is for premium members only.',
  conversation_limit: 'Free members can start at most 2 conversations.',
  message_too_long: 'Your message is too long.',
  message_empty: 'Your message is empty.',
  blocked: 'You cannot contact this member.',
  recipient_unconfirmed: 'This member has not confirmed their e-mail address yet, so you cannot reply.',
  icebreaker_unavailable: 'Icebreakers can only open a conversation.',
  not_found: 'Not found',
  unknown_site: 'Unknown website',
  origin_not_allowed: 'This request came from another website and was refused.',
  unknown_country: 'Unknown country.',
  invalid_request: 'The request is invalid.',
  invalid_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request is too large.',
  method_not_allowed: 'This request method is not allowed here.',
  rate_limited: 'Too many requests, please slow down.',
  generic: 'An error has occurred.',
  try_later: 'An error occured, please try again later.',
  service_unavailable: 'The service is briefly unavailable, please try again in a few seconds.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Body of every non-2xx API answer. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  authentication_required?: true;
  /** field name -> error code, for form errors */
  fields?: Record<string, ErrorCode>;
  [extra: string]: unknown;
}
