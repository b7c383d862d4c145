import * as Dialog from '@radix-ui/react-dialog';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { AlertTriangle, Search, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { AdminPage } from '@afterglow/contracts';
import { Button, Card, Skeleton, type MessageDescriptor } from '@afterglow/ui';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { useT } from '../text';
import { EmptyState } from './EmptyState';
import { problemText } from './errors';
import type { ListBodyText, ListToolbarText } from './labels';

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** The look of the lists' search box and selects. */
export const INPUT =
  'h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base text-neutral-900 focus:border-[var(--ag-primary)] focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]';

export function PanelCard({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** The search box and the filter select above an admin list. */
export function ListToolbar<F extends string>({
  text,
  search,
  onSearch,
  filter,
  filters,
  labels,
  onFilter,
  filterRef,
  children,
}: {
  /** names the controls after the rows ('Search users') */
  text: ListToolbarText;
  search: string;
  onSearch: (s: string) => void;
  filter: F;
  filters: readonly F[];
  labels: Record<F, MessageDescriptor>;
  onFilter: (f: F) => void;
  filterRef?: (el: HTMLSelectElement | null) => void;
  /** a further control beside the filter (the Photos tab's kind) */
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  return (
    <div
      className={`mb-4 grid gap-3 ${children ? 'sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_14rem_10rem]' : 'sm:grid-cols-[minmax(0,1fr)_14rem]'}`}
    >
      <div className={`relative ${children ? 'sm:col-span-2 lg:col-span-1' : ''}`}>
        <label htmlFor={`${id}-search`} className="sr-only">
          {t(text.search)}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-3.5 h-4 w-4 text-neutral-600"
        />
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t(text.searchPlaceholder)}
          maxLength={100}
          className={`${INPUT} ps-9`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-filter`} className="sr-only">
          {t(text.filter)}
        </label>
        <select
          id={`${id}-filter`}
          ref={filterRef}
          value={filter}
          onChange={(e) => onFilter(e.target.value as F)}
          className={INPUT}
        >
          {filters.map((f) => (
            <option key={f} value={f}>
              {t(labels[f])}
            </option>
          ))}
        </select>
      </div>
      {children}
    </div>
  );
}

type ListQuery<Row> = UseInfiniteQueryResult<InfiniteData<AdminPage<Row>>, Error>;

/**
 * The states of an admin list: a skeleton while the first page loads, an error with Try again, the
 * empty state, or the rows (rendered by `children`) with 'Load more' while there is a next page.
 */
export function ListBody<Row>({
  query,
  text,
  empty,
  emptyHint,
  icon,
  children,
}: {
  query: ListQuery<Row>;
  /** 'Loading users', 'Could not load users', 'Showing 3 users' */
  text: ListBodyText;
  empty: string;
  /** 'Try another search or filter.' unless given */
  emptyHint?: string;
  icon: LucideIcon;
  children: (rows: Row[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div role="status" aria-label={t(text.loading)} className="grid gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <AlertTriangle aria-hidden className="h-8 w-8 text-red-700" />
        <p className="font-semibold text-neutral-900">{t(text.failed)}</p>
        <p className="text-sm text-neutral-700">
          {problemText(t, query.error, t('list.tryAgainLater', 'Please try again.'))}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('list.tryAgain', 'Try again')}
        </Button>
      </div>
    );
  }
  const rows = query.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) {
    return (
      <EmptyState icon={icon} title={empty}>
        {emptyHint ?? t('list.emptyHint', 'Try another search or filter.')}
      </EmptyState>
    );
  }
  return (
    <>
      {children(rows)}
      <div className="mt-4 flex flex-col items-center gap-2">
        <p className="text-sm text-neutral-700" aria-live="polite">
          {t(text.showing, { count: rows.length })}
        </p>
        {query.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('list.loadingMore', 'Loading...') : t('list.loadMore', 'Load more')}
          </Button>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-700">
            {t('list.loadMoreFailed', 'Could not load more. Please try again.')}
          </p>
        )}
      </div>
    </>
  );
}

/** A table that scrolls sideways on narrow screens; the scroller is focusable for keyboard users. */
export function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="-mx-4 overflow-x-auto focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] sm:mx-0"
    >
      <table className="w-full min-w-[44rem] border-collapse text-start text-sm">
        <thead>
          <tr className="border-b border-neutral-200 text-xs uppercase tracking-wide text-neutral-700">
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">{children}</tbody>
      </table>
    </div>
  );
}

export const CELL = 'px-3 py-3 align-middle text-neutral-800';

const BADGES: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  approved: 'bg-emerald-100 text-emerald-900',
  upcoming: 'bg-sky-100 text-sky-900',
  pending: 'bg-amber-100 text-amber-900',
  ended: 'bg-neutral-200 text-neutral-800',
  suspended: 'bg-red-100 text-red-900',
  rejected: 'bg-red-100 text-red-900',
  held: 'bg-orange-100 text-orange-900',
  clip: 'bg-violet-100 text-violet-900',
};

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGES[tone] ?? BADGES.ended}`}
    >
      {children}
    </span>
  );
}

/**
 * A button that asks first: a dialog with the question, Cancel (or Escape) and the confirming button.
 * Focus goes back to the button when the dialog closes.
 */
export function ConfirmButton({
  trigger,
  title,
  question,
  confirmLabel,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame title={title} description={question} width="max-w-md" role="alertdialog">
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="outline">{t('confirm.cancel', 'Cancel')}</Button>
          </Dialog.Close>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
