import { Link } from 'react-router';
import { useAtomValue } from '../state/jotai.js';
import { siteNameAtom } from '../state/site-name.js';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff7a6b" />
          <stop offset="1" stopColor="#d6336c" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="10" fill="url(#logo-g)" />
      <path d="M16 24.5 9.6 18.3a4.3 4.3 0 0 1 6-6.2l.4.4.4-.4a4.3 4.3 0 0 1 6 6.2Z" fill="#fff" />
    </svg>
  );
}

/** The site logo, always a link to the index (spec section 2). */
export function Logo({ to = '/' }: { to?: string }) {
  const name = useAtomValue(siteNameAtom);
  return (
    <Link to={to} className="logo" aria-label={name}>
      <LogoMark />
      <span className="logo-text">{name}</span>
    </Link>
  );
}
