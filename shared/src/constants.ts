/** Business constants of spec section 9. */
export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Locale -> gif locale and ISO code, as in spec section 3 "Locales". */
export const LOCALE_INFO: Record<Locale, { iso: string; gifLocale: string; nativeName: string }> = {
  en: { iso: 'en-GB', gifLocale: 'en_US', nativeName: 'English' },
  de: { iso: 'de-DE', gifLocale: 'de_DE', nativeName: 'Deutsch' },
  es: { iso: 'es-ES', gifLocale: 'es_ES', nativeName: 'Español' },
  fr: { iso: 'fr-FR', gifLocale: 'fr_FR', nativeName: 'Français' },
  it: { iso: 'it-IT', gifLocale: 'it_IT', nativeName: 'Italiano' },
  nl: { iso: 'nl-NL', gifLocale: 'nl_NL', nativeName: 'Nederlands' },
  pl: { iso: 'pl-PL', gifLocale: 'pl_PL', nativeName: 'Polski' },
};

/** Languages offered per visitor country (spec section 9). */
export const LANGUAGES_BY_COUNTRY: Record<string, readonly Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
};
/** The 16 countries of the language table's region data (GB counted once; US..CH). */
export const COUNTRIES = Object.keys(LANGUAGES_BY_COUNTRY);

export const TIME_BONUS_WINDOW_SECONDS = 14_400;
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const ACT_FAST_VALUE = 4;
export const LIKE_OVERLAY_RELOAD_MS = 500;

export const LIKES_PER_DAY = 4;
export const FREE_PHOTOS = 3;
export const PREMIUM_PHOTOS = 25;
export const FREE_CONVERSATIONS = 2;

export const BADGE_CAP = 99;
export const CREDITS_BADGE_THRESHOLD = 10;

export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;
export const POLL_START_DELAY_MS = 5_000;

export const DELETION_UNDO_DAYS = 14;
export const MINIMUM_AGE = 18;
export const MATCH_FINDER_AGE_GROUPS = [
  [18, 35],
  [35, 99],
] as const;

export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;
export const AUTH_COOKIE_NAME = 'auth.sid';
export const AUTH_COOKIE_DAYS = 30;
export const GEOLOCATION_CACHE_MAX_AGE_MS = 3_600_000;
export const HTTP_RETRIES = 5;
/**
 * How long a member waits on an action with nothing else to do (log-in, sign-up, a profile, a
 * chat's opening, the gift sheet, a block...) before the client gives up and says so, with a way
 * to try again. Without it a request the server never answered held the spinner for up to 98 s:
 * six attempts of 15 s each (client http.ts `deadlines`) and the pauses between. Long enough for
 * the retries that ride out a blip (7.75 s in all).
 */
export const WAITED_WITHIN_MS = 10_000;
/**
 * How much older than the last-seen already held a new one may be and still be a late sighting
 * (kept out: last seen never moves back). Further back it is a clock set right: a node whose clock
 * ran ahead had stamped a future time, and "never back" froze every viewer's "last seen" on it.
 * The server (users/last-seen.ts) and the client (presence-order.ts) follow the same rule.
 */
export const LAST_SEEN_SET_RIGHT_MS = 2 * 60_000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Terms version date: this, or the company added date if later. */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';
export const TOAST_MAX_WIDTH_PX = 350;
export const COPYRIGHT_YEAR = 2025;

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;

export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const;

export const GENDERS = ['male', 'female'] as const;
export const SEEKING = ['male', 'female', 'both'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;

export const PAYMENT_METHODS = [
  'sepa_direct_debit', 'przelewy24', 'blik', 'wire_transfer', 'giropay', 'mastercard', 'visa', 'credit_card',
  'carte_bancaire', 'nexi', 'ideal', 'bancontact', 'apple_pay', 'paysafecard', 'maestro', 'paypal', 'sofort', 'eps',
] as const;

/** Values of the profile attribute fields (stored as these slugs; the client translates them). */
export const PROFILE_OPTIONS = {
  hair_color: ['blonde', 'dark_blonde', 'brown', 'black', 'red', 'grey', 'bald'],
  eye_color: ['blue', 'green', 'grey', 'brown', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'muscular', 'a_few_extra_pounds'],
  relationship_status: ['single', 'divorced', 'separated', 'widowed', 'in_a_relationship', 'married'],
  tattoos: ['none', 'one', 'several'],
  signup_reason: ['chat', 'dating', 'relationship', 'friendship', 'adventure'],
} as const;
export type ProfileOptionField = keyof typeof PROFILE_OPTIONS;

/**
 * Socket reconnection policy of the client (and of the chat benchmark, which must behave like it).
 * The first retry after ~1 s; the delay doubles up to 5 s, with ±50 % jitter so a restarted server
 * is not stampeded in lock-step. A 30 s ceiling left the tail of a 10,000-member reconnect storm
 * waiting half a minute after a restart; 5 s (Socket.IO's own default) keeps it within seconds.
 */
export const SOCKET_RECONNECT = {
  delayMs: 1_000,
  delayMaxMs: 5_000,
  randomizationFactor: 0.5,
  connectTimeoutMs: 20_000,
} as const;

/**
 * How the client (and the chat benchmark's member) connects: a WebSocket straight away, and
 * Engine.IO's HTTP long-polling only when that fails (with `tryAllTransports`, for networks whose
 * proxies refuse WebSockets). Socket.IO's default starts with polling and upgrades: a handshake
 * request, the connect packet, a poll and the upgrade with its probe, each through the session
 * reader, cost 2.92-2.99 ms of server CPU per member connecting against 1.26-1.28 ms this way
 * (2,000 members, chat bench, session 15), and a reconnect storm is all connecting.
 */
export const SOCKET_TRANSPORTS = ['websocket', 'polling'] as const;

/**
 * The largest frame the server takes on a member's socket; a bigger one closes the connection
 * (Socket.IO's maxHttpBufferSize). Chat text only: photos go over HTTP. A message within a site's
 * message_length can still be bigger (4 UTF-8 bytes per emoji, so about 4,000 of them), and the
 * client sends such a one over REST, whose body limit (64 KB) holds the schema's 10,000 characters.
 */
export const SOCKET_MAX_FRAME_BYTES = 16 * 1024;
