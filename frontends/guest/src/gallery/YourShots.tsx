import { useState } from 'react';
import { Link } from 'react-router';
import { Camera } from 'lucide-react';
import type { PhotoDto } from '@afterglow/contracts';
import { Button, buttonClass, msg, type MessageDescriptor } from '@afterglow/ui';
import { isForbidden, isNotFound, type DevicePhotos } from '../lib/api';
import { useT } from '../text';
import { GridSkeleton, PhotoGrid } from './PhotoGrid';
import { DeleteOwnPhoto } from './PhotoActions';
import { PhotoDialog } from './PhotoDialog';

const STATUS = {
  rejected: msg('shotStatus.rejected', 'Rejected'),
  developing: msg('shotStatus.developing', 'Developing'),
  approved: msg('shotStatus.approved', 'Approved'),
  pending: msg('shotStatus.pending', 'Pending review'),
};

/** A guest's own shot, in words: renditions still being made, awaiting the host, shown or hidden. */
export function shotStatus(p: PhotoDto): { label: MessageDescriptor; tone: string } {
  if (p.status === 'rejected') return { label: STATUS.rejected, tone: 'bg-red-700 text-white' };
  if (!p.processed || !p.thumbUrl) return { label: STATUS.developing, tone: 'bg-amber-300 text-neutral-900' };
  if (p.status === 'approved') return { label: STATUS.approved, tone: 'bg-emerald-700 text-white' };
  return { label: STATUS.pending, tone: 'bg-white text-neutral-900' };
}

interface YourShotsProps {
  code: string;
  deviceId: string | null;
  data: DevicePhotos | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** after the reveal a guest's photos are everyone's: no more deleting */
  revealed: boolean;
}

export function YourShots({ code, deviceId, data, loading, error, onRetry, revealed }: YourShotsProps) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="your-shots" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="your-shots" className="text-xl font-bold text-neutral-900">
          {t('shots.title', 'Your Shots')}
        </h2>
        {data && (
          <p className="text-sm text-neutral-700">
            {t.rich('shots.remaining', '{shots} remaining of {total}', {
              shots: (
                <span className="font-semibold tabular-nums">
                  {t('shots.count', '{count, plural, one {{count} shot} other {{count} shots}}', {
                    count: data.shotsRemaining,
                  })}
                </span>
              ),
              total: data.maxShots,
            })}
          </p>
        )}
      </div>
      {!deviceId ? (
        <div className="rounded-xl border border-dashed border-neutral-300 bg-white/70 p-5 text-center">
          <p className="mb-3 text-neutral-700">
            {t('shots.notJoined', 'You haven’t joined this event on this phone yet.')}
          </p>
          <Link to={`/join/${code}`} className={buttonClass('outline', 'sm')}>
            {t('common.joinEvent', 'Join Event')}
          </Link>
        </div>
      ) : loading ? (
        <GridSkeleton count={3} />
      ) : isForbidden(error) || isNotFound(error) ? (
        <div className="rounded-xl border border-dashed border-neutral-300 bg-white/70 p-5 text-center">
          <p className="mb-3 text-neutral-700">
            {t('shots.lost', 'This phone’s roll of film was not found. Join the event again to see it.')}
          </p>
          <Link to={`/join/${code}`} className={buttonClass('outline', 'sm')}>
            {t('common.joinEvent', 'Join Event')}
          </Link>
        </div>
      ) : error || !data ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          <p>{t('shots.loadFailed', 'We couldn’t load your shots.')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            {t('common.tryAgain', 'Try again')}
          </Button>
        </div>
      ) : data.photos.length === 0 ? (
        <div className="rounded-xl border border-dashed border-neutral-300 bg-white/70 p-5 text-center">
          <p className="mb-3 text-neutral-700">{t('shots.none', 'You haven’t taken any photos yet.')}</p>
          <Link to={`/camera/${code}`} className={buttonClass('primary', 'sm')}>
            <Camera aria-hidden className="h-4 w-4" />
            {t('shots.openCamera', 'Open Camera')}
          </Link>
        </div>
      ) : (
        <>
          <PhotoGrid
            photos={data.photos}
            onOpen={setOpen}
            label={(p, i) => {
              const values = { n: i + 1, status: t(shotStatus(p).label), caption: p.caption };
              if (p.kind === 'clip')
                return p.caption
                  ? t('shots.openClipCaptioned', 'Open your clip {n}, {status}: {caption}', values)
                  : t('shots.openClip', 'Open your clip {n}, {status}', values);
              return p.caption
                ? t('shots.openCaptioned', 'Open your photo {n}, {status}: {caption}', values)
                : t('shots.open', 'Open your photo {n}, {status}', values);
            }}
            badge={(p) => {
              const s = shotStatus(p);
              // a long word is cut short on a small tile by design (data-truncates says so to the
              // pseudo-locale check); the tile's accessible name carries it whole
              return (
                <span
                  aria-hidden
                  data-truncates
                  className={`pointer-events-none absolute inset-x-0 bottom-0 truncate whitespace-nowrap rounded-b-lg px-1 py-0.5 text-center text-[11px] font-semibold ${s.tone}`}
                >
                  {t(s.label)}
                </span>
              );
            }}
          />
          <PhotoDialog
            photos={data.photos}
            index={open}
            onIndexChange={setOpen}
            kind="yours"
            actions={
              revealed
                ? undefined
                : (p) => <DeleteOwnPhoto photo={p} deviceId={deviceId} onDeleted={() => setOpen(null)} />
            }
          />
        </>
      )}
    </section>
  );
}
