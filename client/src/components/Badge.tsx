import { badgeText } from '@shared/rules/badges.js';

type Tone = 'brand' | 'warning' | 'danger';

/** Count badge capped at '99+'; renders nothing at zero. */
export function CountBadge({ count, label, tone = 'brand' }: { count: number; label: string; tone?: Tone }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className={`badge badge-${tone}`} aria-label={label}>
      {text}
    </span>
  );
}

export function Badge({ text, tone = 'brand', label }: { text: string; tone?: Tone; label?: string }) {
  return (
    <span className={`badge badge-${tone}`} aria-label={label}>
      {text}
    </span>
  );
}
