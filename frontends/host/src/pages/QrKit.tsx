import type { HostEvent } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { Crown, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ApiError,
  Button,
  Skeleton,
  buttonClass,
  useEventLanguage,
  useEventTheme,
  type Translate,
} from '@afterglow/ui';
import { EventLoadError } from '../components/EventStates';
import { BackToDashboard } from '../components/BackToDashboard';
import { AuthGate } from '../components/LoginRequired';
import { MessageCard } from '../components/MessageCard';
import { Poster, TableCards } from '../components/qrkit/KitSheet';
import { keys } from '../lib/api';
import { problemText } from '../lib/problems';
import { useT } from '../text';

type Paper = 'A4' | 'Letter';
/** the printable area of each paper in portrait, less the page margin */
const SHEET: Record<Paper, { width: string; height: string }> = {
  A4: { width: '190mm', height: '277mm' },
  Letter: { width: '195.9mm', height: '259.4mm' },
};
/** A4 reads the same everywhere; US Letter has a name in each language. */
const paperName = (p: Paper, t: Translate) => (p === 'Letter' ? t('kit.letter', 'Letter') : p);

/** /host/qr-kit/:id: the printable QR kit (a plan feature): a poster and table cards, A4 or Letter. */
export function QrKit() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <AuthGate message={t('kit.login', 'Please log in to print your QR kit')} returnTo={`/host/qr-kit/${id}`}>
      <KitLoader id={id} />
    </AuthGate>
  );
}

const isPlanRefusal = (err: unknown) => err instanceof ApiError && err.status === 403;

function KitLoader({ id }: { id: string }) {
  const t = useT();
  const kit = useQuery<HostEvent>({ queryKey: [...keys.event(id), 'qr-kit'] });
  // the poster and the cards are read by the guests: the event's language, unless the host picked one
  useEventLanguage(kit.data?.language, true);
  if (kit.isPending)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <span role="status" className="sr-only">
          {t('kit.loading', 'Loading your QR kit')}
        </span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-[60vh]" />
      </div>
    );
  if (kit.isError && isPlanRefusal(kit.error))
    return (
      <MessageCard
        icon={Crown}
        title={t('kit.proFeature', 'Printable QR kit is a Pro feature')}
        role="alert"
        actions={
          <>
            <Link to="/pricing" className={buttonClass('primary')}>
              {t('common.upgrade', 'Upgrade')}
            </Link>
            <Link to={`/host/dashboard/${id}`} className={buttonClass('outline')}>
              {t('common.backToDashboard', 'Back to dashboard')}
            </Link>
          </>
        }
      >
        <p>{problemText(t, kit.error, (kit.error as ApiError).detail)}</p>
      </MessageCard>
    );
  if (kit.isError) return <EventLoadError error={kit.error} onRetry={() => void kit.refetch()} />;
  return <Kit event={kit.data} />;
}

function Kit({ event }: { event: HostEvent }) {
  const t = useT();
  const [paper, setPaper] = useState<Paper>('A4');
  useEventTheme(event, false);
  const sheet = SHEET[paper];
  return (
    <div className="kit-root min-h-dvh bg-neutral-200 pb-10">
      <style>{`
        @page { size: ${paper} portrait; margin: 10mm; }
        .kit-page { width: ${sheet.width}; height: ${sheet.height}; box-sizing: border-box; overflow: hidden;
          -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        @media print {
          body { background: #fff !important; }
          .kit-root { background: #fff; padding: 0; min-height: 0; }
          .kit-toolbar { display: none !important; }
          .kit-sheets { gap: 0; padding: 0; }
          .kit-page { box-shadow: none; margin: 0; break-after: page; }
          .kit-page:last-child { break-after: auto; }
        }
      `}</style>
      <div className="kit-toolbar sticky top-0 z-10 border-b border-neutral-300 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
          <BackToDashboard eventId={event.id} />
          <h1 className="me-auto text-lg font-bold">{t('kit.title', 'Printable QR kit')}</h1>
          <fieldset className="flex items-center gap-1 rounded-full border border-neutral-300 p-1">
            <legend className="sr-only">{t('kit.paper', 'Paper size')}</legend>
            {(['A4', 'Letter'] as const).map((p) => (
              <label
                key={p}
                className="cursor-pointer rounded-full px-3 py-1 text-sm font-semibold has-[:checked]:bg-[var(--ag-primary-strong)] has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-[var(--ag-primary-strong)]"
              >
                <input
                  type="radio"
                  name="paper"
                  value={p}
                  checked={paper === p}
                  onChange={() => setPaper(p)}
                  className="sr-only"
                />
                {paperName(p, t)}
              </label>
            ))}
          </fieldset>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4" />
            {t('kit.print', 'Print')}
          </Button>
        </div>
        <p className="mx-auto max-w-5xl px-4 pb-3 text-sm text-neutral-600">
          {t(
            'kit.instructions',
            'A poster for the entrance and four table cards to cut out. Print at 100% scale on {paper} paper.',
            { paper: paperName(paper, t) },
          )}
        </p>
      </div>
      <main className="kit-sheets flex flex-col items-center gap-8 overflow-x-auto px-4 pt-8">
        <div className="shadow-xl">
          <Poster event={event} />
        </div>
        <div className="shadow-xl">
          <TableCards event={event} />
        </div>
      </main>
    </div>
  );
}
