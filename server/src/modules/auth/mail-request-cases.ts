/**
 * What the tests of a misbehaving mail server share: the app's retries and the three requests that
 * mail a member a link once the account exists (stalled-smtp.test.ts, refused-smtp.test.ts).
 */
import type { TestClient } from '../../test/harness.js';

export interface Answer {
  status: number;
  body: any;
}

/** The app's retries (client/src/api/http.ts): 5 more attempts on a missed deadline and on 502/503/504. */
export async function withAppRetries(attempt: () => Promise<Answer>, retries = 5): Promise<Answer> {
  for (let tried = 0; ; tried++) {
    try {
      const res = await attempt();
      if (![502, 503, 504].includes(res.status) || tried >= retries) return res;
    } catch (err) {
      if (tried >= retries) throw err;
    }
  }
}

export interface SignedUp {
  browser: TestClient;
  body: Record<string, unknown>;
}

/**
 * The requests that mail a link to a member who signed up (`signedUp`), each as [name, prepare];
 * `prepare` signs a member up and returns the request, to be made as often as a test likes.
 * `newBrowser`: a browser of someone not logged in (the reset is asked for logged out).
 */
export function linkMailRequests(signedUp: () => Promise<SignedUp>, newBrowser: () => TestClient): Array<[string, () => Promise<() => Promise<Answer>>]> {
  return [
    ['a password reset', async () => {
      const { body } = await signedUp();
      const browser = newBrowser();
      return () => browser.post('/api/password-reset.php', { email: body.email });
    }],
    ['an e-mail change', async () => {
      const { browser, body } = await signedUp();
      return () => browser.post('/api/mail-change.php', { email: `moved-${body.email as string}`, password: body.password });
    }],
    ['an activation resend', async () => {
      const { browser } = await signedUp();
      return () => browser.post('/api/activation-mail.php', {});
    }],
  ];
}
