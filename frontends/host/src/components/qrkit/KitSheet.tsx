import type { HostEvent } from '@afterglow/contracts';
import type { Translate } from '@afterglow/ui';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../text';

/** How the reveal reads on paper: live on the big screen, at a time, or after the event. */
function revealLine(e: HostEvent, t: Translate): string {
  if (e.liveMode) return t('kit.revealLive', 'Approved photos appear live on the big screen.');
  if (e.revealAt)
    return t('kit.revealAt', 'Photos are revealed {time}.', {
      time: formatDateTime(e.revealAt, e.timezone, t.locale),
    });
  return t('kit.revealAfter', 'Photos are revealed after the event.');
}

const STEPS = (e: HostEvent, t: Translate) => [
  t('kit.stepPoint', 'Point your phone camera at the QR code.'),
  t('kit.stepTap', 'Tap the link: no app to install, no sign-up.'),
  `${t('kit.stepShoot', 'Shoot your roll of {count, plural, one {{count} photo} other {{count} photos}}.', {
    count: e.maxShotsPerDevice,
  })} ${revealLine(e, t)}`,
];

/** The QR code as the server drew it (our own SVG markup), scaled to its box. */
function Qr({ event, className }: { event: HostEvent; className: string }) {
  const t = useT();
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(event.qrCode)}`}
      alt={t('share.qrAlt', 'QR code to join {name}', { name: event.name })}
      className={`${className} bg-white [image-rendering:pixelated]`}
    />
  );
}

const host = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return url;
  }
};

/** One poster: the event, a large QR code, the code, the link and three steps. */
export function Poster({ event }: { event: HostEvent }) {
  const t = useT();
  return (
    <article className="kit-page flex flex-col items-center justify-between gap-[6mm] border-[3mm] border-[var(--ag-primary)] bg-white p-[10mm] text-center text-neutral-900">
      <header>
        <p className="text-[5mm] font-semibold uppercase tracking-[0.3em] text-[var(--ag-primary-ink)]">
          {t('kit.snap', 'Snap the party')}
        </p>
        <h2 className="mt-[2mm] break-words text-[12mm] font-extrabold leading-tight">{event.name}</h2>
      </header>
      <Qr
        event={event}
        className="h-[95mm] w-[95mm] rounded-[3mm] p-[3mm] ring-[1.5mm] ring-[var(--ag-accent)]"
      />
      <div>
        <p className="text-[4.5mm] text-neutral-700">{t('kit.orEnter', 'or enter the code')}</p>
        <p className="font-mono text-[16mm] font-black tracking-[0.2em] text-[var(--ag-primary-ink)]">
          {event.code}
        </p>
        <p className="break-all text-[4.5mm] text-neutral-700">
          {t('kit.at', 'at {address}', { address: host(event.joinUrl) })}
        </p>
      </div>
      <ol className="w-full max-w-[150mm] space-y-[2mm] text-start text-[5mm]">
        {STEPS(event, t).map((s, i) => (
          <li key={i} className="flex gap-[3mm]">
            <span
              aria-hidden
              className="flex h-[8mm] w-[8mm] shrink-0 items-center justify-center rounded-full bg-[var(--ag-primary-strong)] font-bold text-white"
            >
              {i + 1}
            </span>
            <span className="pt-[0.8mm]">{s}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** Four table cards to cut out: smaller QR code, code and one line each. */
export function TableCards({ event }: { event: HostEvent }) {
  const t = useT();
  return (
    <article className="kit-page grid grid-cols-2 grid-rows-2 gap-0 bg-white text-neutral-900">
      {Array.from({ length: 4 }, (_, i) => (
        <section
          key={i}
          aria-label={t('kit.tableCard', 'Table card {number}', { number: i + 1 })}
          className="flex flex-col items-center justify-center gap-[2mm] border border-dashed border-neutral-400 p-[6mm] text-center"
        >
          <h2 className="break-words text-[6mm] font-extrabold leading-tight">{event.name}</h2>
          <Qr event={event} className="h-[55mm] w-[55mm] p-[2mm] ring-[1mm] ring-[var(--ag-primary)]" />
          <p className="font-mono text-[9mm] font-black tracking-[0.2em] text-[var(--ag-primary-ink)]">
            {event.code}
          </p>
          <p className="text-[3.6mm] text-neutral-700">
            {t(
              'kit.card',
              'Scan, tap, shoot {count, plural, one {{count} photo} other {{count} photos}}. No app needed.',
              { count: event.maxShotsPerDevice },
            )}
          </p>
        </section>
      ))}
    </article>
  );
}
