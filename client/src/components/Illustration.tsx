import type { IconName } from './Icon.js';
import { Icon } from './Icon.js';

/** Soft layered blob with an icon: the empty-state art of screens that are still coming. */
export function Illustration({ icon }: { icon: IconName }) {
  return (
    <div className="illustration" aria-hidden="true">
      <svg viewBox="0 0 200 160" width="200" height="160">
        <defs>
          <linearGradient id="ill-a" x1="0" x2="1" y1="0" y2="1">
            <stop offset="0" stopColor="#ffd9cf" />
            <stop offset="1" stopColor="#f6c1d6" />
          </linearGradient>
          <linearGradient id="ill-b" x1="0" x2="1" y1="1" y2="0">
            <stop offset="0" stopColor="#ff7a6b" />
            <stop offset="1" stopColor="#d6336c" />
          </linearGradient>
        </defs>
        <path d="M36 86c-8-34 22-64 58-66s70 18 72 52-20 62-60 66S44 120 36 86Z" fill="url(#ill-a)" />
        <circle cx="160" cy="34" r="8" fill="#ffb4a6" />
        <circle cx="34" cy="128" r="5" fill="#e9a3c4" />
        <circle cx="100" cy="82" r="34" fill="url(#ill-b)" />
      </svg>
      <span className="illustration-icon">
        <Icon name={icon} size={30} />
      </span>
    </div>
  );
}
