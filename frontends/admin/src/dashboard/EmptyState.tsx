import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-700">
        <Icon aria-hidden className="h-7 w-7" />
      </span>
      <p className="mb-1 font-semibold text-neutral-900">{title}</p>
      <p className="max-w-md text-sm text-neutral-700">{children}</p>
    </div>
  );
}
