import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../text';

/** 'Back to dashboard': the way back to the event's host dashboard from its other host screens. */
export function BackToDashboard({ eventId }: { eventId: string }) {
  const t = useT();
  return (
    <Link
      to={`/host/dashboard/${eventId}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-[var(--ag-primary-ink)] hover:underline"
    >
      <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
      {t('common.backToDashboard', 'Back to dashboard')}
    </Link>
  );
}
