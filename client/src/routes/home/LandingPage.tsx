import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.js';
import { Button } from '../../components/Button.js';
import { Icon, type IconName } from '../../components/Icon.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue, useSetAtom } from '../../state/jotai.js';
import { siteNameAtom } from '../../state/site-name.js';
import { signupModalOpenAtom } from '../../state/ui.js';
import { HeroArt } from './HeroArt.js';

const FEATURES: Array<{ icon: IconName; key: string }> = [
  { icon: 'shield', key: 'verified' },
  { icon: 'chat', key: 'chat' },
  { icon: 'lock', key: 'privacy' },
];

const TESTIMONIALS = [
  { key: 't1', initials: 'S', hue: 'coral' },
  { key: 't2', initials: 'D', hue: 'plum' },
  { key: 't3', initials: 'A', hue: 'rose' },
];

/** The index: a landing page that sells the product and opens the signup modal. */
export function LandingPage() {
  const t = useT();
  const openSignup = useSetAtom(signupModalOpenAtom);
  usePageTitle(null);
  const name = useAtomValue(siteNameAtom);
  const start = () => openSignup(true);
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container hero-inner">
          <div className="hero-copy">
            <span className="pill pill-light">
              <Icon name="sparkle" size={16} /> {t('landing.eyebrow')}
            </span>
            <h1 className="hero-title">{t('landing.title')}</h1>
            <p className="hero-sub">{t('landing.subtitle', { name })}</p>
            <div className="hero-ctas">
              <Button size="lg" variant="light" onClick={start} data-testid="hero-cta">
                {t('landing.cta')}
              </Button>
              <Link to="/login" className="hero-login">
                {t('landing.haveAccount')}
              </Link>
            </div>
            <ul className="hero-trust">
              <li>
                <Icon name="check" size={16} /> {t('landing.trustFree')}
              </li>
              <li>
                <Icon name="check" size={16} /> {t('landing.trustAdults')}
              </li>
              <li>
                <Icon name="check" size={16} /> {t('landing.trustNoSubscription')}
              </li>
            </ul>
          </div>
          <HeroArt matchLabel={t('landing.match')} messageText={t('landing.bubble')} />
        </div>
      </section>

      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('landing.featuresTitle', { name })}
        </h2>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <article key={f.key} className="feature card">
              <span className="feature-icon">
                <Icon name={f.icon} size={26} />
              </span>
              <h3>{t(`landing.feature.${f.key}.title`)}</h3>
              <p>{t(`landing.feature.${f.key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby="stories-title">
        <div className="container">
          <h2 id="stories-title" className="section-title">
            {t('landing.storiesTitle')}
          </h2>
          <div className="testimonial-grid">
            {TESTIMONIALS.map((item) => (
              <figure key={item.key} className="testimonial card">
                <div className="stars" aria-label={t('landing.rating', { stars: 5 })}>
                  {'★★★★★'}
                </div>
                {/* Each language's own quotation marks (German „…“, French « … »), from its catalogue. */}
                <blockquote>{t('landing.quote', { quote: t(`landing.${item.key}.quote`) })}</blockquote>
                <figcaption>
                  <span className={`avatar avatar-placeholder avatar-${item.hue}`} aria-hidden="true">
                    {item.initials}
                  </span>
                  <span>{t(`landing.${item.key}.author`)}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="container section cta-band-wrap">
        <div className="cta-band">
          <div>
            <h2>{t('landing.finalTitle')}</h2>
            <p>{t('landing.finalText')}</p>
          </div>
          <Button size="lg" variant="light" onClick={start}>
            {t('landing.cta')}
          </Button>
        </div>
      </section>
    </div>
  );
}
