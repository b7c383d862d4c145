import type { ExportManifest } from '@afterglow/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, ImageOff, Sparkles } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Spinner, buttonClass } from '@afterglow/ui';
import { formatBytes } from '../../lib/bytes';
import { problemText } from '../../lib/problems';
import { savePicker } from '../../lib/save-file';
import { useT } from '../../text';
import { ExportPartRow, isPlanRefusal } from './ExportPartRow';

/** What the export holds and a download per part, loaded when the dialog opens. */
export function ExportContents({
  eventId,
  onBusyChange,
}: {
  eventId: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useT();
  const manifest = useQuery<ExportManifest>({
    queryKey: ['/api/events', encodeURIComponent(eventId), 'export'],
    staleTime: 0,
    gcTime: 0,
  });
  const { refetch } = manifest;
  const version = manifest.data?.version;
  const [changed, setChanged] = useState(false);
  const stillCurrent = useCallback(async () => {
    const same = (await refetch()).data?.version === version;
    if (!same) setChanged(true);
    return same;
  }, [refetch, version]);
  if (manifest.isPending) return <Spinner label={t('export.preparing', 'Preparing your export')} />;
  if (manifest.isError) {
    if (isPlanRefusal(manifest.error))
      return (
        <State icon={Sparkles} title={t('export.notInPlan', 'ZIP export is not in your plan')} role="alert">
          <p>{problemText(t, manifest.error, manifest.error.detail)}</p>
          <Link to="/pricing" className={buttonClass('primary', 'md', 'mt-4')}>
            {t('common.upgrade', 'Upgrade')}
          </Link>
        </State>
      );
    return (
      <State icon={CircleAlert} title={t('export.failed', 'Couldn’t prepare the export')} role="alert">
        <p>
          {problemText(
            t,
            manifest.error,
            t('common.checkConnection', 'Check your connection and try again.'),
          )}
        </p>
        <Button className="mt-4" onClick={() => void refetch()}>
          {t('common.tryAgain', 'Try again')}
        </Button>
      </State>
    );
  }
  const m = manifest.data;
  if (m.photoCount === 0)
    return (
      <State icon={ImageOff} title={t('export.empty', 'No photos to export yet')}>
        <p>
          {t(
            'export.emptyText',
            'Photos appear here once guests start shooting. Photos you reject are never exported.',
          )}
        </p>
      </State>
    );
  const picker = savePicker() !== null;
  const summary = { photos: m.photoCount, guests: m.guestCount, size: formatBytes(m.totalBytes, t) };
  return (
    <div className="space-y-4">
      <p className="text-lg font-semibold">
        {m.parts.length > 1
          ? t(
              'export.summaryParts',
              '{photos, plural, one {{photos} photo} other {{photos} photos}} from {guests, plural, one {{guests} guest} other {{guests} guests}} · {size} in {parts} parts',
              { ...summary, parts: m.parts.length },
            )
          : t(
              'export.summary',
              '{photos, plural, one {{photos} photo} other {{photos} photos}} from {guests, plural, one {{guests} guest} other {{guests} guests}} · {size}',
              summary,
            )}
      </p>
      <p className="text-sm text-neutral-700">
        {m.parts.length > 1
          ? t(
              'export.aboutParts',
              'Every photo you have not rejected: approved and still pending ones, as the guests took them. Each photo is the original, untouched; photos.csv (in part 1) lists each one’s guest, caption, time and status. Each part is a complete ZIP file of at most {size}: download them all.',
              { size: formatBytes(m.partLimitBytes, t) },
            )
          : t(
              'export.about',
              'Every photo you have not rejected: approved and still pending ones, as the guests took them. Each photo is the original, untouched; photos.csv (in part 1) lists each one’s guest, caption, time and status.',
            )}
      </p>
      {changed && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {t(
            'export.changed',
            'The photos changed since you opened Export. The parts below are up to date now: download them again.',
          )}
        </p>
      )}
      <ul className="space-y-3">
        {m.parts.map((p) => (
          <ExportPartRow
            key={`${m.version}-${p.number}`}
            part={p}
            parts={m.parts.length}
            picker={picker}
            stillCurrent={stillCurrent}
            onBusyChange={onBusyChange}
          />
        ))}
      </ul>
      {!picker && (
        <p className="text-sm text-neutral-600">
          {t(
            'export.browserDownloads',
            'Downloads go to your browser’s downloads folder, which shows their progress.',
          )}
        </p>
      )}
    </div>
  );
}

function State({
  icon: Icon,
  title,
  role,
  children,
}: {
  icon: typeof CircleAlert;
  title: string;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <div role={role} className="flex flex-col items-center py-4 text-center text-neutral-700">
      <Icon aria-hidden className="mb-3 h-10 w-10 text-[var(--ag-primary-ink)]" />
      <p className="mb-1 text-lg font-bold text-neutral-900">{title}</p>
      {children}
    </div>
  );
}
