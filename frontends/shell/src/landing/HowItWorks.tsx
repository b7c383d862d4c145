import { Camera, QrCode, Sparkles } from 'lucide-react';
import { msg } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from './text';

const STEPS = [
  {
    icon: QrCode,
    title: msg('how.host.title', 'Host Creates Event'),
    text: msg(
      'how.host.text',
      'Pick the dates, the shots per guest and a colour mood. You get a 6-character code, a QR code and a join link to share.',
    ),
  },
  {
    icon: Camera,
    title: msg('how.guests.title', 'Guests Snap Away'),
    text: msg(
      'how.guests.text',
      'Guests scan the code or open the link, no account needed, and shoot their limited roll with the in-app camera.',
    ),
  },
  {
    icon: Sparkles,
    title: msg('how.reveal.title', 'The Big Reveal'),
    text: msg(
      'how.reveal.text',
      'Photos stay hidden until the reveal time, then come to life in the gallery, a live slideshow or a public gallery.',
    ),
  },
];

export function HowItWorks() {
  const t = useT();
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="how-title" className="mb-2 text-center text-3xl font-bold text-neutral-900">
        {t('how.title', 'How it works')}
      </h2>
      <p className="mx-auto mb-8 max-w-2xl text-center text-neutral-700">
        {t('how.intro', 'Three steps from the first toast to the last dance.')}
      </p>
      <ol className="grid gap-5 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title.id} className="rounded-2xl border border-neutral-200 bg-white/90 p-6 shadow-sm">
            <div className="mb-4 flex items-center gap-3">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
                <Icon aria-hidden className="h-6 w-6" />
              </span>
              <span aria-hidden className="text-sm font-semibold text-neutral-600">
                {t('how.step', 'Step {number}', { number: formatNumber(i + 1, t.locale) })}
              </span>
            </div>
            <h3 className="mb-2 text-xl font-semibold text-neutral-900">{t(title)}</h3>
            <p className="text-neutral-700">{t(text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
