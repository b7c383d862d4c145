import { Link } from 'react-router';
import { Camera, QrCode, Sparkles } from 'lucide-react';
import { buttonClass, loginHref, msg, useAuth } from '@afterglow/ui';
import { useT } from './text';
import { HeroArt } from './HeroArt';

const FACTS = [
  { icon: Camera, text: msg('hero.fact.shots', '12, 24 or 36 shots per guest') },
  { icon: QrCode, text: msg('hero.fact.join', 'Guests join by QR code, link or code') },
  { icon: Sparkles, text: msg('hero.fact.hidden', 'Photos stay hidden until the reveal') },
];

export function Hero() {
  const t = useT();
  const { isAuthenticated } = useAuth();
  const wide = 'w-full text-center sm:w-auto';
  return (
    <section
      aria-labelledby="landing-title"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-12 pt-10 sm:pt-16 lg:grid-cols-[1fr_22rem]"
    >
      <div className="text-center lg:text-start">
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-[var(--ag-primary-soft)] px-3 py-1 text-sm font-semibold text-[var(--ag-primary-ink)]">
          <Camera aria-hidden className="h-4 w-4" />
          {t('hero.tagline', 'The disposable camera for your event')}
        </p>
        <h1
          id="landing-title"
          className="mb-5 text-4xl font-extrabold tracking-tight text-neutral-900 sm:text-5xl lg:text-6xl"
        >
          {t('hero.title', 'Your event, through everyone’s eyes')}
        </h1>
        <p className="mx-auto mb-8 max-w-xl text-lg text-neutral-700 lg:mx-0">
          {t(
            'hero.text',
            'Give every guest a roll of film on their own phone. No app to install and no uploads to chase: they join with a code, snap away, and the photos stay hidden until the big reveal.',
          )}
        </p>
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap sm:items-center lg:justify-start">
          {isAuthenticated ? (
            <Link to="/create-event" className={buttonClass('primary', 'lg', wide)}>
              {t('hero.createEvent', 'Create Event')}
            </Link>
          ) : (
            <a href={loginHref('/create-event')} className={buttonClass('primary', 'lg', wide)}>
              {t('hero.loginToCreate', 'Login to Create Event')}
            </a>
          )}
          <Link to="/join" className={buttonClass('outline', 'lg', wide)}>
            {t('hero.joinWithCode', 'Join with Code')}
          </Link>
          <Link
            to="/pricing"
            className={buttonClass(
              'ghost',
              'lg',
              `${wide} text-neutral-800 underline-offset-4 hover:underline`,
            )}
          >
            {t('hero.viewPricing', 'View Pricing')}
          </Link>
        </div>
        <ul className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-neutral-700 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
          {FACTS.map(({ icon: Icon, text }) => (
            <li key={text.id} className="flex items-center gap-2">
              <Icon aria-hidden className="h-4 w-4 shrink-0 text-[var(--ag-primary-ink)]" />
              {t(text)}
            </li>
          ))}
        </ul>
      </div>
      <HeroArt className="mx-auto w-full max-w-60 sm:max-w-sm lg:max-w-md" />
    </section>
  );
}
