/**
 * Every client route of spec section 2, by route name. The client router is built from this
 * table and the server uses it to answer 404 for paths no route matches (still serving the shell).
 * Patterns use react-router syntax (`:param`, `:param?`).
 */
export const LANDER_NAMES = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video',
] as const;

export const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const;

export const ROUTES = {
  index: '/',
  likes: '/likes',
  'likes-type': '/likes/:type',
  'likes-m-id': '/likes/m/:id',
  members: '/members',
  'members-id': '/members/:id',
  'members-id-chat': '/members/:id/chat',
  'members-id-landing': '/members/:id/landing',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing2': '/members/:id/landing2/:slug?',
  'members-id-landing3': '/members/:id/landing3/:slug?',
  chats: '/chats',
  'chats-id': '/chats/:id',
  credits: '/credits',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  'credits-repeat-order': '/credits/repeat-order',
  directdebit: '/directdebit',
  transactions: '/transactions/:id?',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  settings: '/settings',
  login: '/login',
  signup: '/signup',
  'signup-matches': '/signup-matches',
  'complete-signup': '/complete-signup',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'mail-change-do': '/mail-change/do',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'account-deleted': '/account-deleted',
  complaints: '/complaints',
  notifications: '/notifications',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  'lang-config': '/lang-config',
  'landers-tinderswipe': '/landers/tinderswipe',
  'landers-name': '/landers/:name/:slug?',
  'pages-ban': '/pages/ban',
  'pages-cookies': '/pages/cookies',
  'pages-faq': '/pages/faq',
  'pages-privacy': '/pages/privacy',
  'pages-return-policy': '/pages/return-policy',
  'pages-service': '/pages/service',
  'pages-terms': '/pages/terms',
  token: '/:token',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Routes that make up "the members area" (spec section 2). */
export const MEMBERS_AREA: readonly RouteName[] = ['members', 'members-id', 'chats', 'chats-id', 'likes', 'likes-m-id', 'premium'];

/** Static `{token}` pages (single path segment): unknown tokens are a 404. */
export const TOKEN_PAGES = ['about', 'contact', 'safety', 'imprint'] as const;

/** Builds a concrete path from a route name and params. */
export function pathFor(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const path = ROUTES[name].replace(/\/:(\w+)(\?)?/g, (_, key: string) => {
    const value = params[key];
    return value === undefined || value === '' ? '' : `/${encodeURIComponent(String(value))}`;
  });
  return path || '/';
}

function segmentsMatch(pattern: string, path: string): Record<string, string> | null {
  const pat = pattern.split('/').filter(Boolean);
  const seg = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const p of pat) {
    const optional = p.endsWith('?');
    const name = p.replace(/^:/, '').replace(/\?$/, '');
    const s = seg[i];
    if (p.startsWith(':')) {
      if (s === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = decodeURIComponent(s);
      i++;
    } else {
      if (s !== p) return null;
      i++;
    }
  }
  return i === seg.length ? params : null;
}

/**
 * Which route a path belongs to, or null for a 404. Parameter values are checked too: numeric
 * ids, known lander names and known `{token}` pages.
 */
export function matchRoute(path: string): { name: RouteName; params: Record<string, string> } | null {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  for (const [name, pattern] of Object.entries(ROUTES) as Array<[RouteName, string]>) {
    const params = segmentsMatch(pattern, clean);
    if (!params) continue;
    if (params.id !== undefined && name !== 'transactions' && name !== 'credits-id-paymentmethod' && !/^\d+$/.test(params.id)) continue;
    if (name === 'landers-name' && !(LANDER_NAMES as readonly string[]).includes(params.name ?? '')) continue;
    if (name === 'token' && !(TOKEN_PAGES as readonly string[]).includes(params.token ?? '')) continue;
    return { name, params };
  }
  return null;
}
