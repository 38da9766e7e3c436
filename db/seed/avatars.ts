/**
 * Generated avatar portraits for demo members: a flat-illustration head and shoulders on a soft
 * gradient, with skin tone, hair colour and hair style varying per member. SVG keeps each file
 * around 2 KB and needs no image library; the same file serves as thumbnail (it scales).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../make-directory.js';
import type { AvatarLook, Gender } from './members.js';

const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#ffd1dc', '#ff8fab'], ['#c3f0ff', '#7cc6fe'], ['#e2d4ff', '#a98bff'], ['#ffe3c2', '#ffae6b'],
  ['#c9f7e4', '#5fd3a5'], ['#fff1b8', '#ffc857'], ['#ffd6e8', '#c86b98'], ['#d7e3fc', '#8093f1'],
];
const SKINS = ['#fde0cf', '#f3c7a6', '#e0a982', '#c68863', '#9a6446', '#6b4330'];
const SHIRTS = ['#3d405b', '#e07a5f', '#81b29a', '#f2cc8f', '#5e548e', '#2a9d8f'];
const HAIR: Record<string, string> = {
  blonde: '#e8c872', dark_blonde: '#b08a4f', brown: '#6b4429', black: '#231c1a', red: '#b4502d', grey: '#bdb8b3', bald: '#8a7f78',
};

export interface AvatarInput {
  name: string;
  gender: Gender;
  hairColor: string;
  look: AvatarLook;
}

/** Darkens a #rrggbb colour by `amount` (0..1), for shading without extra gradients. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - amount)).toString(16).padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Hair drawn behind the head (long styles), then hair drawn over the forehead. */
function hairLayers(gender: Gender, style: number, hairColor: string, color: string): { back: string; front: string } {
  if (hairColor === 'bald') return { back: '', front: `<path d="M90 118c-2-10 0-18 4-24M166 118c2-10 0-18-4-24" stroke="${color}" stroke-width="6" stroke-linecap="round" fill="none" opacity=".7"/>` };
  const fringe = `<path d="M88 114C88 76 108 64 130 64c24 0 40 16 38 50-10-20-28-28-46-26-14 2-26 10-34 26z" fill="${color}"/>`;
  if (gender === 'female') {
    switch (style) {
      case 0:
        return { back: `<path d="M84 112C80 56 176 56 172 112l8 92c-20 14-84 14-104 0z" fill="${color}"/>`, front: fringe };
      case 1:
        return { back: `<path d="M80 118C76 62 180 62 176 118l2 42c-18 10-82 10-100 0z" fill="${color}"/>`, front: `<path d="M86 120C84 74 110 62 132 64c24 2 40 20 36 52-16-22-44-30-82 4z" fill="${color}"/>` };
      case 2:
        return { back: `<circle cx="128" cy="60" r="20" fill="${color}"/>`, front: `<path d="M88 116C86 80 104 66 128 66s42 14 40 50c-8-18-22-26-40-26s-32 8-40 26z" fill="${color}"/>` };
      default:
        return {
          back: `<g fill="${color}"><circle cx="88" cy="120" r="20"/><circle cx="168" cy="120" r="20"/><circle cx="84" cy="154" r="18"/><circle cx="172" cy="154" r="18"/><circle cx="90" cy="184" r="16"/><circle cx="166" cy="184" r="16"/><circle cx="128" cy="78" r="40"/></g>`,
          front: `<g fill="${color}"><circle cx="104" cy="84" r="16"/><circle cx="128" cy="76" r="17"/><circle cx="152" cy="84" r="16"/></g>`,
        };
    }
  }
  switch (style) {
    case 0:
      return { back: '', front: `<path d="M90 112c-2-34 18-48 38-48 22 0 40 14 38 48-6-16-18-24-38-24s-32 8-38 24z" fill="${color}"/>` };
    case 1:
      return { back: '', front: `<path d="M88 110c-4-40 22-52 44-50 24 2 40 20 34 50-4-18-16-26-30-26-18 8-36 10-48 26z" fill="${color}"/>` };
    case 2:
      return { back: '', front: `<path d="M90 108c2-28 18-40 38-40s36 12 38 40c-10-12-22-16-38-16s-28 4-38 16z" fill="${color}" opacity=".85"/>` };
    default:
      return { back: '', front: `<g fill="${color}"><circle cx="98" cy="92" r="12"/><circle cx="114" cy="78" r="13"/><circle cx="132" cy="74" r="13"/><circle cx="150" cy="80" r="13"/><circle cx="162" cy="96" r="11"/><circle cx="94" cy="106" r="8"/><circle cx="164" cy="108" r="8"/></g>` };
  }
}

/** The SVG document of one member's portrait. */
export function avatarSvg({ name, gender, hairColor, look }: AvatarInput): string {
  // The gradient id carries the palette so several avatars inlined in one page do not clash.
  const [bgLight, bgDeep] = PALETTES[look.palette % PALETTES.length]!;
  const skin = SKINS[look.skin % SKINS.length]!;
  const shirt = SHIRTS[look.shirt % SHIRTS.length]!;
  const hair = HAIR[hairColor] ?? HAIR.brown!;
  const { back, front } = hairLayers(gender, look.hairStyle % 4, hairColor, hair);
  const shoulders = gender === 'female' ? 'M52 256c0-46 30-70 76-70s76 24 76 70z' : 'M36 256c0-50 36-76 92-76s92 26 92 76z';
  const beard =
    gender === 'male' && hairColor !== 'bald' && look.shirt % 3 === 0
      ? `<path d="M94 128c2 30 16 40 34 40s32-10 34-40c-6 12-18 16-34 16s-28-4-34-16z" fill="${hair}" opacity=".9"/>`
      : '';
  const brow = shade(hair === HAIR.blonde ? HAIR.dark_blonde! : hair, 0.15);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${escapeXml(name)}">`,
    `<defs><linearGradient id="bg${look.palette}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgLight}"/><stop offset="1" stop-color="${bgDeep}"/></linearGradient></defs>`,
    `<rect width="256" height="256" fill="url(#bg${look.palette})"/>`,
    `<circle cx="128" cy="112" r="84" fill="#fff" opacity=".22"/>`,
    back,
    `<path d="${shoulders}" fill="${shirt}"/>`,
    `<path d="M108 186c6 12 34 12 40 0" stroke="${shade(shirt, 0.25)}" stroke-width="4" fill="none"/>`,
    `<rect x="112" y="146" width="32" height="42" rx="14" fill="${shade(skin, 0.1)}"/>`,
    `<ellipse cx="90" cy="122" rx="7" ry="10" fill="${shade(skin, 0.06)}"/><ellipse cx="166" cy="122" rx="7" ry="10" fill="${shade(skin, 0.06)}"/>`,
    `<ellipse cx="128" cy="118" rx="38" ry="46" fill="${skin}"/>`,
    beard,
    front,
    `<path d="M108 108q6-4 12 0M136 108q6-4 12 0" stroke="${brow}" stroke-width="3" stroke-linecap="round" fill="none"/>`,
    `<ellipse cx="114" cy="120" rx="3.5" ry="4" fill="#2b2024"/><ellipse cx="142" cy="120" rx="3.5" ry="4" fill="#2b2024"/>`,
    `<ellipse cx="106" cy="134" rx="7" ry="4" fill="#ff6b81" opacity=".18"/><ellipse cx="150" cy="134" rx="7" ry="4" fill="#ff6b81" opacity=".18"/>`,
    `<path d="M118 140q10 8 20 0" stroke="${shade(skin, 0.45)}" stroke-width="3" stroke-linecap="round" fill="none"/>`,
    `</svg>`,
  ].join('');
}

/** Path under uploadsDir and URL suffix under /media/ of a member's avatar. */
export function avatarFilename(userId: number): string {
  return `avatars/${userId}.svg`;
}

/** Writes the avatars of many members; one directory creation, then plain synchronous writes (fastest for ~2 KB files). */
export function writeAvatars(uploadsDir: string, avatars: ReadonlyArray<{ userId: number; input: AvatarInput }>): void {
  makeDirectory(join(uploadsDir, 'avatars'));
  for (const { userId, input } of avatars) writeFileSync(join(uploadsDir, avatarFilename(userId)), avatarSvg(input));
}
