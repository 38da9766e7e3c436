/** One 24x24 single-path icon. Decorative (hidden from assistive tech) unless it has a label. */
export function SvgIcon({ path, size = 20, label, className }: { path: string; size?: number; label?: string; className: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false" className={className}>
      <path d={path} />
    </svg>
  );
}
