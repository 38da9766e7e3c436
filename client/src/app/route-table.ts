import type { ComponentType } from 'react';
import type { RouteName } from '@shared/routes.js';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

export interface ScreenSpec {
  layout: LayoutName;
  /** needs a logged-in member; others are sent to /login */
  auth?: boolean;
  /** logged-in members are sent to /members (login, landing) */
  guestOnly?: boolean;
  load: () => Promise<ComponentType>;
}

// Each area is its own chunk: the landing page downloads none of the others.
const home = () => import('../routes/home/index.js');
const auth = () => import('../routes/auth/index.js');
const members = () => import('../routes/members/index.js');
const likes = () => import('../routes/likes/index.js');
const credits = () => import('../routes/credits/index.js');
const profile = () => import('../routes/profile/index.js');
const settings = () => import('../routes/settings/index.js');
const pages = () => import('../routes/pages/index.js');
const landers = () => import('../routes/landers/index.js');
const swipe = () => import('../routes/swipe/index.js');
const chats = () => import('../routes/chats/ChatsPage.js');

const screen = (layout: LayoutName, load: () => Promise<ComponentType>, flags: Partial<ScreenSpec> = {}): ScreenSpec => ({ layout, load, ...flags });

/** Every route of shared/src/routes.ts with its layout, guard and screen module (typed: none can be missing). */
export const SCREENS: Record<RouteName, ScreenSpec> = {
  index: screen('default', () => home().then((m) => m.LandingPage), { guestOnly: true }),
  likes: screen('default', () => likes().then((m) => m.LikesPage), { auth: true }),
  'likes-type': screen('default', () => likes().then((m) => m.LikesPage), { auth: true }),
  'likes-m-id': screen('default', () => likes().then((m) => m.LikedMemberPage), { auth: true }),
  members: screen('default', () => members().then((m) => m.MembersSearchPage), { auth: true }),
  'members-id': screen('default', () => members().then((m) => m.ProfileViewPage), { auth: true }),
  'members-id-chat': screen('chat', () => chats().then((m) => m.default), { auth: true }),
  'members-id-landing': screen('lander', () => landers().then((m) => m.MemberLanderPage)),
  'members-id-signup': screen('empty', () => auth().then((m) => m.SignupPage)),
  'members-id-landing2': screen('lander', () => landers().then((m) => m.MemberLanderPage)),
  'members-id-landing3': screen('lander', () => landers().then((m) => m.MemberLanderPage)),
  chats: screen('chat', () => chats().then((m) => m.default), { auth: true }),
  'chats-id': screen('chat', () => chats().then((m) => m.default), { auth: true }),
  credits: screen('default', () => credits().then((m) => m.CreditsPage), { auth: true }),
  'credits-id-paymentmethod': screen('default', () => credits().then((m) => m.PaymentMethodPage), { auth: true }),
  'credits-repeat-order': screen('default', () => credits().then((m) => m.RepeatOrderPage), { auth: true }),
  directdebit: screen('default', () => credits().then((m) => m.DirectDebitPage), { auth: true }),
  transactions: screen('default', () => credits().then((m) => m.TransactionsPage), { auth: true }),
  premium: screen('default', () => credits().then((m) => m.PremiumPage), { auth: true }),
  pricing: screen('default', () => credits().then((m) => m.PricingPage)),
  profile: screen('default', () => profile().then((m) => m.ProfileEditPage), { auth: true }),
  settings: screen('default', () => settings().then((m) => m.SettingsPage), { auth: true }),
  login: screen('default', () => auth().then((m) => m.LoginPage), { guestOnly: true }),
  signup: screen('empty', () => auth().then((m) => m.SignupPage)),
  'signup-matches': screen('default', () => auth().then((m) => m.SignupMatchesPage), { auth: true }),
  'complete-signup': screen('default', () => auth().then((m) => m.CompleteSignupPage), { auth: true }),
  'reset-password': screen('default', () => auth().then((m) => m.ResetPasswordPage)),
  'reset-password-do': screen('default', () => auth().then((m) => m.ResetPasswordDoPage)),
  'mail-change-do': screen('default', () => auth().then((m) => m.MailChangeDoPage)),
  'activate-done': screen('default', () => auth().then((m) => m.ActivateDonePage)),
  'activate-error': screen('default', () => auth().then((m) => m.ActivateErrorPage)),
  'account-deleted': screen('default', () => auth().then((m) => m.AccountDeletedPage)),
  complaints: screen('default', () => pages().then((m) => m.ComplaintsPage)),
  notifications: screen('default', () => settings().then((m) => m.NotificationsPage), { auth: true }),
  'match-finder': screen('default', () => swipe().then((m) => m.MatchFinderPage), { auth: true }),
  'swipe-game': screen('default', () => swipe().then((m) => m.SwipeGamePage), { auth: true }),
  'lang-config': screen('default', () => settings().then((m) => m.LanguageConfigPage)),
  'landers-tinderswipe': screen('lander', () => landers().then((m) => m.TinderswipeLander)),
  'landers-name': screen('lander', () => landers().then((m) => m.NamedLanderPage)),
  'pages-ban': screen('default', () => pages().then((m) => m.StaticPage)),
  'pages-cookies': screen('default', () => pages().then((m) => m.StaticPage)),
  'pages-faq': screen('default', () => pages().then((m) => m.FaqPage)),
  'pages-privacy': screen('default', () => pages().then((m) => m.StaticPage)),
  'pages-return-policy': screen('default', () => pages().then((m) => m.StaticPage)),
  'pages-service': screen('default', () => pages().then((m) => m.StaticPage)),
  'pages-terms': screen('default', () => pages().then((m) => m.StaticPage)),
  token: screen('default', () => pages().then((m) => m.TokenPage)),
};

/** Screens whose guard must know member or visitor before showing anything (they wait for the user). */
export const waitsForUser = (spec: ScreenSpec): boolean => Boolean(spec.auth || spec.guestOnly);
