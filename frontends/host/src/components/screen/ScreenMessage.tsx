import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred message on the dark full-screen pages (not live, waiting, empty). */
export function ScreenMessage({
  icon: Icon,
  title,
  level = 2,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** 1 when the message is the page's only heading */
  level?: 1 | 2;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Icon aria-hidden className="h-14 w-14 text-[var(--ag-primary)]" />
      <Heading className="text-3xl font-bold sm:text-4xl">{title}</Heading>
      {children && <div className="max-w-xl text-lg text-white/75">{children}</div>}
    </div>
  );
}
