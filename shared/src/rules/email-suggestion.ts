/**
 * E-mail syntax and "did you mean" suggestions for mistyped popular domains (spec section 6).
 * Pure, so the sign-up form can suggest before submitting and the server answers the same.
 */

/** Domains members commonly mistype, most popular first (the first wins a tie). */
export const POPULAR_EMAIL_DOMAINS = [
  'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com',
  'gmx.de', 'web.de', 't-online.de',
  'live.nl', 'ziggo.nl', 'kpnmail.nl',
  'orange.fr', 'free.fr',
  'libero.it',
  'wp.pl', 'onet.pl', 'o2.pl', 'interia.pl',
] as const;

/**
 * Real domains close to a popular one: never "corrected" (live.be is not a typo of live.nl) and
 * offered as suggestions themselves.
 */
const OTHER_KNOWN_DOMAINS = [
  'googlemail.com', 'hotmail.de', 'hotmail.fr', 'hotmail.it', 'hotmail.es', 'hotmail.nl', 'hotmail.co.uk',
  'outlook.de', 'outlook.fr', 'outlook.es', 'outlook.it', 'live.com', 'live.be', 'live.fr', 'live.de', 'live.it',
  'live.co.uk', 'msn.com', 'yahoo.de', 'yahoo.fr', 'yahoo.es', 'yahoo.it', 'yahoo.co.uk', 'ymail.com', 'aol.com',
  'me.com', 'mac.com', 'gmx.net', 'gmx.at', 'gmx.ch', 'gmx.com', 'mail.com', 'proton.me', 'protonmail.com',
  'telenet.be', 'skynet.be', 'home.nl', 'planet.nl', 'hetnet.nl', 'xs4all.nl', 'kpnplanet.nl', 'sfr.fr',
  'laposte.net', 'wanadoo.fr', 'alice.it', 'tiscali.it', 'virgilio.it', 'onet.eu', 'op.pl', 'gazeta.pl',
] as const;

const KNOWN_DOMAINS: readonly string[] = [...POPULAR_EMAIL_DOMAINS, ...OTHER_KNOWN_DOMAINS];

/** Mistyped top-level domains and what they almost certainly meant. */
const TLD_TYPOS: Readonly<Record<string, string>> = {
  con: 'com', cmo: 'com', ocm: 'com', cim: 'com', vom: 'com', xom: 'com', comm: 'com', cpm: 'com', coom: 'com',
  nett: 'net', nte: 'net', ent: 'net',
  nll: 'nl', lnl: 'nl', dee: 'de', ded: 'de', frr: 'fr', pll: 'pl', itt: 'it',
};

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Practical address syntax: local@domain.tld, no spaces or quotes, within the RFC 5321 lengths. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return /^[A-Za-z]{2,24}$/.test(labels[labels.length - 1]!);
}

/**
 * What sign-up says about an address: nothing typed (or only spaces) is `email_required`, not
 * "Invalid email", which read as if the address typed were wrong; a malformed one stays
 * `invalid_email`, the spec's message.
 */
export function emailError(value: string): 'email_required' | 'invalid_email' | null {
  if (value.trim() === '') return 'email_required';
  return isValidEmail(value) ? null : 'invalid_email';
}

/**
 * The address with its domain corrected when the domain looks like a typo of a known one
 * (gmial.com -> gmail.com, name@company.con -> name@company.com), else null.
 */
export function suggestEmail(value: string): string | null {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!domain.includes('.') || KNOWN_DOMAINS.includes(domain)) return null;

  const closest = closestKnownDomain(domain);
  if (closest) return `${local}@${closest}`;

  const dot = domain.lastIndexOf('.');
  const fixedTld = TLD_TYPOS[domain.slice(dot + 1)];
  return fixedTld ? `${local}@${domain.slice(0, dot)}.${fixedTld}` : null;
}

/** The nearest known domain within a small edit distance; short domains get less slack. */
function closestKnownDomain(domain: string): string | null {
  const allowed = domain.length <= 6 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const known of KNOWN_DOMAINS) {
    const distance = editDistance(domain, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance: Levenshtein plus adjacent transpositions, so "gmial"
 * (two swapped letters, the most common typo) counts as one edit from "gmail".
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
