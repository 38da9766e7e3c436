import type { UserDto } from '@shared/api/user.js';
import { WAITED_WITHIN_MS, type Locale } from '@shared/constants.js';
import type { TrackingRecord } from '@shared/rules/traffic-source.js';
import { ApiError, api } from './http.js';

/**
 * The current member, or null when logged out (403 authentication_required). Throws when there
 * was no answer about the session (network, 5xx): that says nothing about being logged out.
 * Neither does a 401 or 403 without the server's code: a web filter, a CDN's firewall or a
 * captive portal answering with its own page. Taken as "logged out", it showed a member whose
 * session was fine the log-in page.
 */
export async function fetchCurrentUser(options: { retries?: number; within?: number } = {}): Promise<UserDto | null> {
  try {
    const { user } = await api<{ user: UserDto }>('/api/user.php', options);
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401) && error.code === 'authentication_required') return null;
    throw error;
  }
}

export const login = (email: string, password: string) =>
  api<{ user: UserDto }>('/api/user.php', { method: 'POST', body: { email, password }, within: WAITED_WITHIN_MS }).then((r) => r.user);

export const logout = (options: { within?: number } = {}) => api<unknown>('/api/logout.php', options);

export const saveLanguage = (language: Locale) => api<unknown>('/api/user.php', { method: 'PUT', body: { language } });

export interface SignupInput {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  signup_message?: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  country?: string;
  traffic_source?: TrackingRecord;
  /** the interface language: activation mails go out in it */
  language?: Locale;
}

export const signup = (input: SignupInput) => api<{ user: UserDto }>('/api/signup.php', { method: 'POST', body: input, within: WAITED_WITHIN_MS }).then((r) => r.user);

export const resendActivationMail = () => api<unknown>('/api/activation-mail.php', { method: 'POST', body: {}, within: WAITED_WITHIN_MS });

export const requestPasswordReset = (email: string) => api<unknown>('/api/password-reset.php', { method: 'POST', body: { email }, within: WAITED_WITHIN_MS });

export const resetPassword = (token: string, password: string, password_confirmation: string) =>
  api<{ user: UserDto }>('/api/password-reset.php', { method: 'PUT', body: { token, password, password_confirmation }, within: WAITED_WITHIN_MS }).then((r) => r.user);

export const confirmMailChange = (token: string) => api<{ user: UserDto }>('/api/mail-change.php', { method: 'PUT', body: { token }, within: WAITED_WITHIN_MS }).then((r) => r.user);
