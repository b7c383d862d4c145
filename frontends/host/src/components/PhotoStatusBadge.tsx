import type { PhotoDto } from '@afterglow/contracts';

const STYLE: Record<PhotoDto['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900 border-amber-300' },
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-900 border-emerald-300' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900 border-red-300' },
};

const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

export function PhotoStatusBadge({
  photo,
}: {
  photo: Pick<PhotoDto, 'status' | 'flagCount' | 'reportCount' | 'held'>;
}) {
  const reports = photo.reportCount ?? 0;
  const s = STYLE[photo.status] ?? STYLE.pending;
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${badge} ${s.className}`}>{s.label}</span>
      {(photo.flagCount ?? 0) > 0 && (
        <span className={`${badge} border-orange-300 bg-orange-100 text-orange-900`}>Flagged</span>
      )}
      {reports > 0 && (
        <span className={`${badge} border-orange-300 bg-orange-100 text-orange-900`}>
          Reported by {reports} {reports === 1 ? 'guest' : 'guests'}
        </span>
      )}
      {photo.held && (
        <span className={`${badge} border-red-300 bg-red-100 text-red-900`}>Hidden until you decide</span>
      )}
    </span>
  );
}
