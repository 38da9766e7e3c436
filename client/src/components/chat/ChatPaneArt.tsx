import { useId } from 'react';

/**
 * Two speech bubbles on a soft blob: the member's unanswered "…" and a reply with a heart. Drawn in
 * the colours of the app's other empty states (Illustration.tsx) and the logo's gradient; no image
 * to download, and it scales with the pane.
 */
export function ChatPaneArt() {
  // Several drawings on one page (or a list beside) must not share gradient ids.
  const id = useId();
  const soft = `${id}-soft`;
  const brand = `${id}-brand`;
  const shadow = `${id}-shadow`;
  return (
    <svg className="chat-pane-art" viewBox="0 0 220 170" width="220" height="170" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={soft} x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#ffe3da" />
          <stop offset="1" stopColor="#f9d0e1" />
        </linearGradient>
        <linearGradient id={brand} x1="0" x2="1" y1="1" y2="0">
          <stop offset="0" stopColor="#ff7a6b" />
          <stop offset="1" stopColor="#d6336c" />
        </linearGradient>
        <filter id={shadow} x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="4" stdDeviation="5" floodColor="#6b2a50" floodOpacity="0.14" />
        </filter>
      </defs>
      <path d="M38 94c-9-40 25-72 66-74s80 20 82 58-22 70-67 74S47 133 38 94Z" fill={`url(#${soft})`} />
      <circle cx="190" cy="36" r="7" fill="#ffb4a6" />
      <circle cx="28" cy="140" r="5" fill="#e9a3c4" />
      <circle cx="202" cy="124" r="3.5" fill="#f3a6bd" />
      <g filter={`url(#${shadow})`}>
        <path d="M52 46h84a16 16 0 0 1 16 16v34a16 16 0 0 1-16 16H78l-17 14v-14h-9a16 16 0 0 1-16-16V62a16 16 0 0 1 16-16Z" fill="#fff" />
      </g>
      <circle cx="74" cy="79" r="6" fill="#cdb7c6" />
      <circle cx="94" cy="79" r="6" fill="#b39aac" />
      <circle cx="114" cy="79" r="6" fill="#cdb7c6" />
      <g filter={`url(#${shadow})`}>
        <path d="M120 98h54a14 14 0 0 1 14 14v22a14 14 0 0 1-14 14h-5v12l-15-12h-34a14 14 0 0 1-14-14v-22a14 14 0 0 1 14-14Z" fill={`url(#${brand})`} />
      </g>
      <path d="M16 24.5 9.6 18.3a4.3 4.3 0 0 1 6-6.2l.4.4.4-.4a4.3 4.3 0 0 1 6 6.2Z" transform="translate(127 101) scale(1.25)" fill="#fff" />
    </svg>
  );
}
