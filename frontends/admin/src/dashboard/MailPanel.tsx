import { useId, useState } from 'react';
import { ExternalLink, Mail } from 'lucide-react';
import type { MailMessage, MailStatus } from '@afterglow/contracts';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from '../text';
import { useMailList } from './api';
import { LIST_TEXT, MAIL_FILTERS, MAIL_FILTER_LABELS, MAIL_STATUS, type MailFilter } from './labels';
import { Badge, CELL, INPUT, ListBody, PanelCard, Table, capitalize } from './parts';
import { moment } from './when';

/** The badge colour of each status. */
const TONE: Record<MailStatus, string> = {
  pending: 'pending',
  sent: 'active',
  saved: 'upcoming',
  failed: 'rejected',
};

/** Only a web address is a link (the product makes them; anything else is shown as text). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * The Mail tab (ADR 035): every e-mail Afterglow sent, kept as a file or gave up on, newest first,
 * with the links each carries: at a venue with no mail server, the admin hands these on (a password
 * reset link, a confirmation link).
 */
export function MailPanel() {
  const t = useT();
  const id = useId();
  const [filter, setFilter] = useState<MailFilter>('all');
  const query = useMailList(filter);
  return (
    <PanelCard title={t('mail.title', 'Mail')}>
      <p className="mb-4 text-sm text-neutral-700">
        {t(
          'mail.explain',
          'Without SMTP_URL, messages are kept as .eml files in the data dir; their links are here.',
        )}
      </p>
      <div className="mb-4 sm:max-w-[14rem]">
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-semibold text-neutral-900">
          {t('mail.filter.label', 'Status')}
        </label>
        <select
          id={`${id}-status`}
          value={filter}
          onChange={(e) => setFilter(e.target.value as MailFilter)}
          className={INPUT}
        >
          {MAIL_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(MAIL_FILTER_LABELS[f])}
            </option>
          ))}
        </select>
      </div>
      <ListBody
        query={query}
        text={LIST_TEXT.mail}
        empty={t('mail.empty', 'No e-mails yet.')}
        emptyHint={
          filter === 'all'
            ? t('mail.emptyAll', 'Every e-mail Afterglow sends is listed here.')
            : t('mail.emptyFilter', 'Try another status.')
        }
        icon={Mail}
      >
        {(rows) => (
          <Table
            label={t('mail.title', 'Mail')}
            head={[
              t('mail.col.to', 'To'),
              t('mail.col.subject', 'Subject'),
              t('mail.col.status', 'Status'),
              t('mail.col.tries', 'Tries'),
              t('mail.col.when', 'When'),
              t('mail.col.links', 'Links'),
            ]}
          >
            {rows.map((m) => (
              <MailRow key={m.id} message={m} />
            ))}
          </Table>
        )}
      </ListBody>
    </PanelCard>
  );
}

function MailRow({ message: m }: { message: MailMessage }) {
  const t = useT();
  const status = MAIL_STATUS[m.status];
  return (
    <tr>
      <td className={`${CELL} break-all`}>{m.to}</td>
      <td className={CELL}>
        <span className="block max-w-[18rem] break-words font-medium text-neutral-900">{m.subject}</span>
        <span className="font-mono text-xs text-neutral-700">{m.template}</span>
      </td>
      <td className={CELL}>
        <Badge tone={TONE[m.status] ?? 'ended'}>{status ? t(status) : capitalize(m.status)}</Badge>
        {m.lastError && (
          <p className="mt-1 max-w-[16rem] break-words text-xs text-red-800">
            {t('mail.lastError', 'Last error: {error}', { error: m.lastError })}
          </p>
        )}
      </td>
      <td className={CELL}>{formatNumber(m.attempts, t.locale)}</td>
      <td className={`${CELL} whitespace-nowrap`}>
        <time dateTime={m.createdAt}>{moment(new Date(m.createdAt), t.locale)}</time>
      </td>
      <td className={CELL}>
        {m.links.length ? (
          <ul className="flex max-w-[20rem] flex-col gap-1">
            {m.links.map((url) => (
              <li key={url} className="break-all">
                {isWebLink(url) ? (
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-[var(--ag-primary-ink)] underline"
                  >
                    {url}
                    <ExternalLink aria-hidden className="ms-1 inline h-3 w-3 align-baseline" />
                    <span className="sr-only">{t('mail.newTab', '(opens in a new tab)')}</span>
                  </a>
                ) : (
                  url
                )}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-neutral-700">{t('mail.noLinks', 'None')}</span>
        )}
      </td>
    </tr>
  );
}
