import { Camera } from 'lucide-react';
import { msg } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from './text';

/** Privacy, Terms and Contact have no pages yet (spec section 2), so they are plain text, not dead links. */
const INFO = [
  msg('footer.privacy', 'Privacy'),
  msg('footer.terms', 'Terms'),
  msg('footer.contact', 'Contact'),
];

export function Footer() {
  const t = useT();
  const year = formatNumber(new Date().getFullYear(), t.locale, { useGrouping: false });
  return (
    <footer className="mt-8 border-t border-neutral-200 bg-white/80">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-neutral-700 sm:flex-row sm:justify-between">
        <p className="flex items-center gap-2 font-semibold text-neutral-900">
          <Camera aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          Afterglow
        </p>
        <ul aria-label={t('footer.info', 'Site information')} className="flex gap-6">
          {INFO.map((label) => (
            <li key={label.id}>{t(label)}</li>
          ))}
        </ul>
        <p className="text-center">
          {t('footer.copyright', '© {year} Afterglow · Made for moments worth waiting for.', { year })}
        </p>
      </div>
    </footer>
  );
}
