/**
 * Generates demo members as plain records (no database here), deterministic for a given
 * random source. Every valid gender/sexuality/seeking combination is guaranteed to appear:
 * the first members walk through the list before the weighted draw takes over.
 */
import { LANGUAGES_BY_COUNTRY, PROFILE_OPTIONS, type Locale } from '@shared/constants.js';
import type { Random } from './prng.js';
import { ABOUT_TEXTS } from './data/about.js';
import { CITIES } from './data/cities.js';
import { INTERESTS } from './data/interests.js';
import { FIRST_NAMES } from './data/names.js';

const DAY_MS = 86_400_000;

export type Gender = 'male' | 'female';

export interface Orientation {
  gender: Gender;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  seeking: 'male' | 'female' | 'both';
}

/** The combinations that make sense, with how common they are among demo members. */
export const ORIENTATIONS: ReadonlyArray<Orientation & { weight: number }> = [
  { gender: 'male', sexuality: 'hetero', seeking: 'female', weight: 40 },
  { gender: 'female', sexuality: 'hetero', seeking: 'male', weight: 36 },
  { gender: 'male', sexuality: 'gay', seeking: 'male', weight: 5 },
  { gender: 'female', sexuality: 'lesbian', seeking: 'female', weight: 4 },
  { gender: 'male', sexuality: 'bi', seeking: 'both', weight: 3 },
  { gender: 'female', sexuality: 'bi', seeking: 'both', weight: 4 },
  { gender: 'male', sexuality: 'bi', seeking: 'female', weight: 2 },
  { gender: 'male', sexuality: 'bi', seeking: 'male', weight: 1 },
  { gender: 'female', sexuality: 'bi', seeking: 'male', weight: 2 },
  { gender: 'female', sexuality: 'bi', seeking: 'female', weight: 1 },
];

/** Most demo members live where most real traffic comes from. */
const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 22, DE: 18, GB: 16, US: 14, BE: 4, FR: 4, IT: 3, ES: 3, AT: 3, IE: 2, CA: 3, PL: 3, AU: 2, NZ: 1, CH: 2,
};

/** Language mix inside multilingual countries; elsewhere the country's first language. */
const LANGUAGE_WEIGHTS: Record<string, Partial<Record<Locale, number>>> = {
  US: { en: 88, es: 12 },
  BE: { nl: 58, fr: 38, de: 4 },
  CA: { en: 78, fr: 22 },
  CH: { de: 63, fr: 24, it: 8, en: 5 },
};

const AGE_BUCKETS: Record<string, number> = { '18-24': 15, '25-34': 30, '35-44': 25, '45-54': 17, '55-70': 13 };

/** What an avatar needs beyond the profile fields; drawn here so avatars are deterministic too. */
export interface AvatarLook {
  skin: number;
  hairStyle: number;
  palette: number;
  shirt: number;
}

export interface MemberSpec {
  email: string;
  language: Locale;
  name: string;
  orientation: Orientation;
  birthDate: string;
  country: string;
  regionCode: string;
  city: string;
  about: string;
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  relationshipStatus: string;
  tattoos: string;
  signupReason: string;
  interestSlugs: string[];
  signupDate: number;
  lastSeenAt: number;
  paidUser: boolean;
  credits: number;
  invisible: boolean;
  look: AvatarLook;
}

/** `YYYY-MM-DD` of a date `age` years and 1..360 days before `now`: the age at `now` is exactly `age`. */
export function birthDateForAge(now: number, age: number, extraDays: number): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - age);
  return new Date(d.getTime() - extraDays * DAY_MS).toISOString().slice(0, 10);
}

function drawAge(rng: Random): number {
  const [low, high] = rng.weighted(AGE_BUCKETS).split('-').map(Number) as [number, number];
  return rng.int(low, high);
}

function drawLanguage(rng: Random, country: string): Locale {
  const mix = LANGUAGE_WEIGHTS[country];
  if (mix) return rng.weighted(mix as Record<Locale, number>);
  return LANGUAGES_BY_COUNTRY[country]![0]!;
}

/** A city of the member's language area when the country has one, else any city of the country. */
function drawCity(rng: Random, country: string, language: Locale) {
  const all = CITIES[country]!;
  const local = all.filter((c) => c[2] === language);
  return rng.pick(local.length > 0 ? local : all);
}

function drawHairColor(rng: Random, gender: Gender, age: number): string {
  if (age >= 50 && rng.chance(0.4)) return gender === 'male' && rng.chance(0.35) ? 'bald' : 'grey';
  return rng.weighted({ blonde: 20, dark_blonde: 18, brown: 34, black: 20, red: 6, grey: age >= 40 ? 6 : 0 });
}

function drawBodyType(rng: Random, gender: Gender): string {
  return gender === 'female'
    ? rng.weighted({ slim: 28, athletic: 20, average: 30, curvy: 16, a_few_extra_pounds: 6 })
    : rng.weighted({ slim: 18, athletic: 28, average: 32, muscular: 14, a_few_extra_pounds: 8 });
}

function drawRelationshipStatus(rng: Random, age: number): string {
  return rng.weighted({
    single: 60,
    divorced: age >= 30 ? 16 : 2,
    separated: age >= 28 ? 5 : 1,
    widowed: age >= 50 ? 6 : 0,
    in_a_relationship: 8,
    married: age >= 25 ? 8 : 1,
  });
}

/** Lower-cases a label for use mid-sentence, but leaves acronyms (DIY) and German nouns alone. */
function inSentence(label: string, language: Locale): string {
  if (language === 'de' || label.length < 2 || label[1] !== label[1]!.toLowerCase()) return label;
  return label[0]!.toLowerCase() + label.slice(1);
}

export function aboutText(rng: Random, language: Locale, gender: Gender, city: string, interestSlugs: string[]): string {
  const parts = ABOUT_TEXTS[language];
  const label = (slug: string | undefined) => {
    const interest = INTERESTS.find((i) => i.slug === slug) ?? INTERESTS[0]!;
    return inSentence(interest.labels[language], language);
  };
  const text = [rng.pick(parts.openers), rng.pick(parts.middles), rng.pick(parts.closers)].join(' ');
  return text
    .replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_, masculine: string, feminine: string) => (gender === 'male' ? masculine : feminine))
    .replaceAll('{city}', city)
    .replaceAll('{a}', label(interestSlugs[0]))
    .replaceAll('{b}', label(interestSlugs[1]));
}

/** The last-seen moment: a few members are online now, most were here in the last days or weeks. */
function drawLastSeen(rng: Random, now: number, signupDate: number): number {
  const bucket = rng.weighted({ online: 12, today: 28, week: 35, weeks: 25 });
  const ago =
    bucket === 'online' ? rng.int(0, 4 * 60_000)
    : bucket === 'today' ? rng.int(5 * 60_000, DAY_MS)
    : bucket === 'week' ? rng.int(DAY_MS, 7 * DAY_MS)
    : rng.int(7 * DAY_MS, 42 * DAY_MS);
  return Math.max(signupDate, now - ago);
}

const ORIENTATION_WEIGHTS: Record<string, number> = Object.fromEntries(ORIENTATIONS.map((o, i) => [String(i), o.weight]));

function drawOrientation(rng: Random, index: number): Orientation & { weight: number } {
  if (index < ORIENTATIONS.length) return ORIENTATIONS[index]!;
  return ORIENTATIONS[Number(rng.weighted(ORIENTATION_WEIGHTS))]!;
}

export function generateMember(rng: Random, index: number, now: number): MemberSpec {
  const { weight: _weight, ...orientation } = drawOrientation(rng, index);
  const country = rng.weighted(COUNTRY_WEIGHTS);
  const language = drawLanguage(rng, country);
  const [city, regionCode] = drawCity(rng, country, language);
  const age = drawAge(rng);
  const gender = orientation.gender;
  const interestSlugs = rng.sample(INTERESTS.map((i) => i.slug), rng.int(3, 8));
  const signupDate = now - rng.int(DAY_MS, 720 * DAY_MS);
  const paidUser = rng.chance(0.25);
  return {
    email: `member-${String(index + 1).padStart(5, '0')}@demo.amora.test`,
    language,
    name: rng.pick(FIRST_NAMES[language][gender]),
    orientation,
    birthDate: birthDateForAge(now, age, rng.int(1, 360)),
    country,
    regionCode,
    city,
    about: aboutText(rng, language, gender, city, interestSlugs),
    hairColor: drawHairColor(rng, gender, age),
    eyeColor: rng.weighted({ blue: 28, green: 12, grey: 8, brown: 40, hazel: 12 }),
    bodyType: drawBodyType(rng, gender),
    relationshipStatus: drawRelationshipStatus(rng, age),
    tattoos: rng.weighted({ none: 55, one: 25, several: 20 }),
    signupReason: rng.pick(PROFILE_OPTIONS.signup_reason),
    interestSlugs,
    signupDate,
    lastSeenAt: drawLastSeen(rng, now, signupDate),
    paidUser,
    credits: paidUser ? rng.int(5, 250) : rng.chance(0.5) ? 0 : rng.int(1, 10),
    invisible: rng.chance(0.04),
    look: { skin: rng.int(0, 5), hairStyle: rng.int(0, 3), palette: rng.int(0, 7), shirt: rng.int(0, 5) },
  };
}

export function generateMembers(rng: Random, count: number, now: number): MemberSpec[] {
  return Array.from({ length: count }, (_, i) => generateMember(rng, i, now));
}
