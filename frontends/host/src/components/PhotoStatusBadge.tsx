import { AI_FLAG_REASON, type PhotoDto } from '@afterglow/contracts';
import { msg, type MessageDescriptor } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from '../text';

const STYLE: Record<PhotoDto['status'], { label: MessageDescriptor; className: string }> = {
  pending: {
    label: msg('photoStatus.pending', 'Pending'),
    className: 'bg-amber-100 text-amber-900 border-amber-300',
  },
  approved: {
    label: msg('photoStatus.approved', 'Approved'),
    className: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  },
  rejected: {
    label: msg('photoStatus.rejected', 'Rejected'),
    className: 'bg-red-100 text-red-900 border-red-300',
  },
};

const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

export function PhotoStatusBadge({
  photo,
}: {
  photo: Pick<PhotoDto, 'status' | 'flagCount' | 'reportCount' | 'held' | 'flagReason' | 'safetyScore'>;
}) {
  const t = useT();
  const reports = photo.reportCount ?? 0;
  // the AI safety filter (ADR 027) flagged it: its score, or that it could not score it
  const byAi = photo.flagReason === AI_FLAG_REASON;
  const score = photo.safetyScore ?? null;
  const s = STYLE[photo.status] ?? STYLE.pending;
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${badge} ${s.className}`}>{t(s.label)}</span>
      {(photo.flagCount ?? 0) > 0 && (
        <span className={`${badge} border-orange-300 bg-orange-100 text-orange-900`}>
          {byAi
            ? t('photoStatus.flaggedByAi', 'Flagged by the AI safety filter')
            : t('photoStatus.flagged', 'Flagged')}
        </span>
      )}
      {score !== null && (
        <span
          className={`${badge} ${byAi ? 'border-red-300 bg-red-100 text-red-900' : 'border-slate-300 bg-slate-100 text-slate-800'}`}
        >
          {t('photoStatus.aiScore', 'AI safety score {percent}', {
            // whole percents, as '87%' (rounded before Intl writes it)
            percent: formatNumber(Math.round(score * 100) / 100, t.locale, { style: 'percent' }),
          })}
        </span>
      )}
      {byAi && score === null && (
        <span className={`${badge} border-red-300 bg-red-100 text-red-900`}>
          {t('photoStatus.aiUnchecked', 'AI safety filter could not check it')}
        </span>
      )}
      {reports > 0 && (
        <span className={`${badge} border-orange-300 bg-orange-100 text-orange-900`}>
          {t(
            'photoStatus.reported',
            'Reported by {count, plural, one {{count} guest} other {{count} guests}}',
            {
              count: reports,
            },
          )}
        </span>
      )}
      {photo.held && (
        <span className={`${badge} border-red-300 bg-red-100 text-red-900`}>
          {t('photoStatus.held', 'Hidden until you decide')}
        </span>
      )}
    </span>
  );
}
