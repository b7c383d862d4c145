import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@afterglow/ui';

/** One titled part of the create form. */
export function Section({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id} className="space-y-5">
        <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-neutral-900">
          <Icon aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
