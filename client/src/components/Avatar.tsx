/** Round member picture, or initials on a warm gradient when there is none. */
export function Avatar({ src, name, size = 36 }: { src?: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} style={style} />;
  const initials = name.trim().slice(0, 1).toUpperCase() || '?';
  return (
    <span className="avatar avatar-placeholder" style={{ ...style, fontSize: size * 0.42 }} aria-hidden="true">
      {initials}
    </span>
  );
}
