/** Abstract hero art: two stylised profile cards, a match chip and a chat bubble (no photos needed). */
function Portrait({ hue, hair, skin, id }: { hue: [string, string]; hair: string; skin: string; id: string }) {
  return (
    <svg viewBox="0 0 160 200" className="hero-portrait" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`bg-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={hue[0]} />
          <stop offset="1" stopColor={hue[1]} />
        </linearGradient>
      </defs>
      <rect width="160" height="200" fill={`url(#bg-${id})`} />
      <circle cx="128" cy="36" r="22" fill="#fff" opacity=".18" />
      <path d="M22 200c4-40 28-62 58-62s54 22 58 62Z" fill="#fff" opacity=".92" />
      <path d="M30 200c6-30 24-48 50-48s44 18 50 48Z" fill={hue[1]} opacity=".35" />
      <path d="M48 92c0-26 14-44 32-44s32 18 32 44c0 8-2 16-4 22l-56 0c-2-6-4-14-4-22Z" fill={hair} />
      <ellipse cx="80" cy="96" rx="24" ry="28" fill={skin} />
      <rect x="72" y="118" width="16" height="22" rx="6" fill={skin} />
      <path d="M54 90c4-20 16-30 26-30 14 0 26 12 28 28-10-6-22-14-30-22-6 10-14 18-24 24Z" fill={hair} />
    </svg>
  );
}

export function HeroArt({ matchLabel, messageText }: { matchLabel: string; messageText: string }) {
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="hero-card hero-card-back">
        <Portrait id="a" hue={['#ffb199', '#ff6f91']} hair="#3b2433" skin="#f1c6a8" />
        <div className="hero-card-caption">
          <strong>Lena, 29</strong>
          <span>Amsterdam</span>
        </div>
      </div>
      <div className="hero-card hero-card-front">
        <Portrait id="b" hue={['#c3a6ff', '#7b3f8c']} hair="#2a1a14" skin="#c98e6b" />
        <div className="hero-card-caption">
          <strong>Marco, 32</strong>
          <span>Milano</span>
        </div>
      </div>
      <div className="hero-chip">
        <span className="hero-chip-heart">♥</span> {matchLabel}
      </div>
      <div className="hero-bubble">{messageText}</div>
    </div>
  );
}
