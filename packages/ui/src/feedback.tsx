import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';
import { useT } from './text';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center p-8">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-[var(--ag-primary-soft)] border-t-[var(--ag-primary-strong)]" />
      <span className="sr-only">{label ?? t('spinner.loading', 'Loading')}</span>
    </div>
  );
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-lg bg-neutral-200 ${className}`} />;
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-neutral-200 bg-white/90 p-6 shadow-sm ${className}`}>
      {children}
    </div>
  );
}

/** For the developer's console only, so in English (the catalogue's check reads `error(…)` as shown). */
const FAILED_LOG = 'Afterglow: a part of the page failed';

interface BoundaryProps {
  children: ReactNode;
  /** what failed, for the message ("this page"), in the page's language */
  what?: string;
  onRetry?: () => void;
}

/** A part that throws while rendering shows a friendly message with a retry, never a blank page. */
export class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(FAILED_LOG, error, info.componentStack);
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <Failed what={this.props.what} onRetry={this.retry} />;
  }
}

/** The boundary's message: a function component, as the messages come from a hook. */
function Failed({ what, onRetry }: { what: string | undefined; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto my-12 max-w-md px-4 text-center">
      <Card>
        <h2 className="mb-2 text-xl font-bold">{t('boundary.title', 'Something went wrong')}</h2>
        <p className="mb-6 text-neutral-600">
          {t('boundary.text', 'We couldn’t load {what}. Check your connection and try again.', {
            what: what ?? t('boundary.thisPart', 'this part of the page'),
          })}
        </p>
        <Button onClick={onRetry}>{t('boundary.retry', 'Try again')}</Button>
      </Card>
    </div>
  );
}
