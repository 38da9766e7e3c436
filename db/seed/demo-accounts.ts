/**
 * The two log-in accounts the seed creates, for the README, e2e tests and anyone trying the app.
 * Plain data with no imports, so browser-side test code can import it too.
 */
export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  country: string;
  paidUser: boolean;
  credits: number;
}

export const DEMO_ACCOUNTS = {
  /** Free member: NL, woman seeking men. */
  free: { email: 'demo@amora.test', password: 'demo-password', name: 'Sophie', country: 'NL', paidUser: false, credits: 20 },
  /** Premium member (paid_user): GB, man seeking women. */
  premium: { email: 'premium@amora.test', password: 'premium-password', name: 'James', country: 'GB', paidUser: true, credits: 500 },
} as const satisfies Record<string, DemoAccount>;
