import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@afterglow/ui';

interface Props {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** 'alert' announces the message (errors); 'status' is polite */
  role?: 'alert' | 'status';
}

/** A centred card for the login prompt, "not found", errors and empty pages. */
export function MessageCard({ icon: Icon, title, children, actions, role }: Props) {
  return (
    <section className="mx-auto my-12 w-full max-w-lg px-4" role={role}>
      <Card className="text-center">
        {Icon && (
          <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
            <Icon aria-hidden className="h-7 w-7" />
          </div>
        )}
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        {children && <div className="mb-6 text-neutral-600">{children}</div>}
        {actions && <div className="flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
      </Card>
    </section>
  );
}
