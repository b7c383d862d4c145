import { msg, type MessageDescriptor } from '@afterglow/ui';
import { useT } from '../../text';

const FAQ: { q: MessageDescriptor; a: MessageDescriptor }[] = [
  {
    q: msg('faq.appQ', 'Do my guests need to download an app or create an account?'),
    a: msg(
      'faq.appA',
      'No. Guests scan the QR code, open the link or type the 6-character code, and shoot right in their browser.',
    ),
  },
  {
    q: msg('faq.visibleQ', 'When do the photos become visible?'),
    a: msg(
      'faq.visibleA',
      'With the end reveal, every photo appears when the event ends. With live reveal, photos you approve appear on the venue screen and in the gallery during the event.',
    ),
  },
  {
    q: msg('faq.removeQ', 'Can I remove a photo?'),
    a: msg(
      'faq.removeA',
      'Yes. You review every photo in your dashboard and reject anything that should not be shown.',
    ),
  },
  {
    q: msg('faq.subscriptionQ', 'Is this a subscription?'),
    a: msg(
      'faq.subscriptionA',
      'No. Each plan is a one-time price for one event. Extra photos can be added to any event.',
    ),
  },
];

/** Frequently asked questions, as native disclosure widgets. */
export function Faq() {
  const t = useT();
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl">
      <h2 id="faq-heading" className="mb-4 text-center text-2xl font-bold">
        {t('faq.title', 'Frequently asked questions')}
      </h2>
      <div className="space-y-3">
        {FAQ.map(({ q, a }) => (
          <details key={q.id} className="group rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
            <summary className="cursor-pointer list-none font-semibold marker:hidden focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]">
              <span className="flex items-center justify-between gap-3">
                {t(q)}
                <span aria-hidden className="text-xl text-neutral-500 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-neutral-700">{t(a)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
