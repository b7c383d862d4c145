import { EXPORT_PROBLEMS, type ExportPart } from '@afterglow/contracts';
import { CircleCheck, Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, Button, type Translate } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { formatBytes } from '../../lib/bytes';
import { problemText } from '../../lib/problems';
import { DownloadCut, browserDownload, saveToPickedFile } from '../../lib/save-file';
import { useT } from '../../text';

type State =
  | { kind: 'idle'; cancelled?: boolean }
  | { kind: 'saving'; received: number; total: number }
  | { kind: 'saved' }
  | { kind: 'started' }
  | { kind: 'failed'; error: unknown };

/** Why a download failed, in the page's language. */
const failure = (t: Translate, err: unknown) =>
  err instanceof DownloadCut
    ? t('export.cut', 'The download stopped before the end. Please try again.')
    : problemText(t, err, t('export.downloadFailed', 'The download failed. Please try again.'));

interface Props {
  part: ExportPart;
  parts: number;
  /** stream into a file the person picks (with progress), or hand the URL to the browser's download */
  picker: boolean;
  /** lists the export again (a new version replaces this row); true when it is still this part's */
  stillCurrent: () => Promise<boolean>;
  onBusyChange: (busy: boolean) => void;
}

/** One part of the export: its size and a Download button, with progress and Cancel while saving. */
export function ExportPartRow({ part, parts, picker, stillCurrent, onBusyChange }: Props) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const name =
    parts > 1
      ? t('export.part', 'Part {number} of {parts}', { number: part.number, parts })
      : t('export.allPhotos', 'All photos');
  const saving = state.kind === 'saving';
  useEffect(() => onBusyChange(saving), [saving, onBusyChange]);
  useEffect(() => () => abort.current?.abort(), []);

  async function save() {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState({ kind: 'saving', received: 0, total: part.bytes });
    try {
      const saved = await saveToPickedFile(
        part.url,
        part.fileName,
        t('export.zipArchive', 'ZIP archive'),
        (p) => setState({ kind: 'saving', received: p.received, total: p.total || part.bytes }),
        ctrl.signal,
      );
      setState(saved ? { kind: 'saved' } : { kind: 'idle' });
    } catch (err) {
      if (ctrl.signal.aborted) return setState({ kind: 'idle', cancelled: true });
      if (err instanceof ApiError && err.status === 409 && !(await stillCurrent())) return;
      setState({ kind: 'failed', error: err });
    }
  }

  async function download() {
    if (!(await stillCurrent())) return;
    browserDownload(part.url, part.fileName);
    setState({ kind: 'started' });
  }

  const percent = saving && state.total ? Math.floor((state.received / state.total) * 100) : 0;
  const progress = saving
    ? {
        received: formatBytes(state.received, t),
        total: formatBytes(state.total, t),
        percent: formatNumber(percent / 100, t.locale, { style: 'percent' }),
      }
    : null;
  return (
    <li className="rounded-xl border border-neutral-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="text-sm text-neutral-600">
            {t('export.partInfo', '{size} · {count, plural, one {{count} photo} other {{count} photos}}', {
              size: formatBytes(part.bytes, t),
              count: part.photoCount,
            })}
            {part.number === 1 ? ' · photos.csv' : ''}
          </p>
        </div>
        {saving ? (
          <Button variant="outline" size="sm" onClick={() => abort.current?.abort()}>
            <X aria-hidden className="h-4 w-4" />
            {t('common.cancel', 'Cancel')} <span className="sr-only">{name}</span>
          </Button>
        ) : (
          <Button size="sm" onClick={() => void (picker ? save() : download())}>
            <Download aria-hidden className="h-4 w-4" />
            {state.kind === 'saved' || state.kind === 'started'
              ? t('export.downloadAgain', 'Download again')
              : t('export.download', 'Download')}
            <span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
      {saving && progress && (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={t('export.saving', 'Saving {name}', { name })}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.received}
            aria-valuetext={t('export.progressText', '{received} of {total} ({percent})', progress)}
            className="h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="h-full bg-[var(--ag-primary-strong)] transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-neutral-700" aria-hidden>
            {t('export.progress', '{received} of {total} · {percent}', progress)}
          </p>
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {state.kind === 'saved' && (
          <p className="mt-2 flex items-center gap-1.5 font-medium text-green-800">
            <CircleCheck aria-hidden className="h-4 w-4" />
            {t('export.saved', 'Saved {file}', { file: part.fileName })}
          </p>
        )}
        {state.kind === 'started' && (
          <p className="mt-2 text-neutral-700">
            {t('export.started', 'Download started: your browser shows its progress.')}
          </p>
        )}
        {state.kind === 'idle' && state.cancelled && (
          <p className="mt-2 text-neutral-700">{t('export.cancelled', 'Download cancelled.')}</p>
        )}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {failure(t, state.error)}
        </p>
      )}
    </li>
  );
}

/** True for the refusal of a plan without ZIP export. */
export function isPlanRefusal(err: unknown): err is ApiError {
  if (!(err instanceof ApiError) || err.status !== 403) return false;
  try {
    return (JSON.parse(err.body) as { code?: string }).code === EXPORT_PROBLEMS.planNoZipExport;
  } catch {
    return false;
  }
}
