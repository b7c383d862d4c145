import type { HostEvent } from '@afterglow/contracts';
import { formatDateTime } from '../../lib/format';

/** How the reveal reads on paper: live on the big screen, at a time, or after the event. */
function revealLine(e: HostEvent): string {
  if (e.liveMode) return 'Approved photos appear live on the big screen.';
  if (e.revealAt) return `Photos are revealed ${formatDateTime(e.revealAt, e.timezone)}.`;
  return 'Photos are revealed after the event.';
}

const STEPS = (e: HostEvent) => [
  'Point your phone camera at the QR code.',
  'Tap the link: no app to install, no sign-up.',
  `Shoot your roll of ${e.maxShotsPerDevice} photos. ${revealLine(e)}`,
];

/** The QR code as the server drew it (our own SVG markup), scaled to its box. */
function Qr({ event, className }: { event: HostEvent; className: string }) {
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(event.qrCode)}`}
      alt={`QR code to join ${event.name}`}
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
  return (
    <article className="kit-page flex flex-col items-center justify-between gap-[6mm] border-[3mm] border-[var(--ag-primary)] bg-white p-[10mm] text-center text-neutral-900">
      <header>
        <p className="text-[5mm] font-semibold uppercase tracking-[0.3em] text-[var(--ag-primary-ink)]">
          Snap the party
        </p>
        <h2 className="mt-[2mm] break-words text-[12mm] font-extrabold leading-tight">{event.name}</h2>
      </header>
      <Qr
        event={event}
        className="h-[95mm] w-[95mm] rounded-[3mm] p-[3mm] ring-[1.5mm] ring-[var(--ag-accent)]"
      />
      <div>
        <p className="text-[4.5mm] text-neutral-700">or enter the code</p>
        <p className="font-mono text-[16mm] font-black tracking-[0.2em] text-[var(--ag-primary-ink)]">
          {event.code}
        </p>
        <p className="break-all text-[4.5mm] text-neutral-700">at {host(event.joinUrl)}</p>
      </div>
      <ol className="w-full max-w-[150mm] space-y-[2mm] text-left text-[5mm]">
        {STEPS(event).map((s, i) => (
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
  return (
    <article className="kit-page grid grid-cols-2 grid-rows-2 gap-0 bg-white text-neutral-900">
      {Array.from({ length: 4 }, (_, i) => (
        <section
          key={i}
          aria-label={`Table card ${i + 1}`}
          className="flex flex-col items-center justify-center gap-[2mm] border border-dashed border-neutral-400 p-[6mm] text-center"
        >
          <h2 className="break-words text-[6mm] font-extrabold leading-tight">{event.name}</h2>
          <Qr event={event} className="h-[55mm] w-[55mm] p-[2mm] ring-[1mm] ring-[var(--ag-primary)]" />
          <p className="font-mono text-[9mm] font-black tracking-[0.2em] text-[var(--ag-primary-ink)]">
            {event.code}
          </p>
          <p className="text-[3.6mm] text-neutral-700">
            Scan, tap, shoot {event.maxShotsPerDevice} photos. No app needed.
          </p>
        </section>
      ))}
    </article>
  );
}
