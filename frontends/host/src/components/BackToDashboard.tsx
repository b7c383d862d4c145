import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** 'Back to dashboard': the way back to the event's host dashboard from its other host screens. */
export function BackToDashboard({ eventId }: { eventId: string }) {
  return (
    <Link
      to={`/host/dashboard/${eventId}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-[var(--ag-primary-ink)] hover:underline"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      Back to dashboard
    </Link>
  );
}
