import { useState } from 'react';
import { BookOpen, Check, Mic, Trash2, X } from 'lucide-react';
import {
  ADMIN_GUESTBOOK_FILTERS,
  type AdminGuestbookAction,
  type AdminGuestbookFilter,
  type AdminGuestbookRow,
} from '@afterglow/contracts';
import { Button, SignedAudio, msg, type MessageDescriptor } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from '../text';
import { useAdminList, useDebounced, useModerateEntry } from './api';
import { CONFIRM, ENTRY_STATUS, FILTER_LABELS, LIST_TEXT } from './labels';
import { Badge, CELL, ConfirmButton, ListBody, ListToolbar, PanelCard, Table, capitalize } from './parts';
import { day } from './when';

/** The decisions taken at once; deleting asks first. */
const DECISIONS: {
  action: Exclude<AdminGuestbookAction, 'delete'>;
  label: MessageDescriptor;
  /** names the message: `{name}` */
  labelFor: MessageDescriptor;
  icon: typeof Check;
  variant: 'outline' | 'destructive';
}[] = [
  {
    action: 'approve',
    label: msg('guestbook.approve', 'Approve'),
    labelFor: msg('guestbook.approveEntry', 'Approve {name}'),
    icon: Check,
    variant: 'outline',
  },
  {
    action: 'reject',
    label: msg('guestbook.reject', 'Reject'),
    labelFor: msg('guestbook.rejectEntry', 'Reject {name}'),
    icon: X,
    variant: 'destructive',
  },
];

/** The Guestbook tab (ADR 034): guests' messages to the hosts of every event, decided as photos are. */
export function GuestbookPanel() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminGuestbookFilter>('all');
  const query = useAdminList<AdminGuestbookRow>('guestbook', useDebounced(search.trim()), filter);
  const moderate = useModerateEntry();
  const busy = (id: string) => moderate.isPending && moderate.variables?.id === id;
  return (
    <PanelCard title={t('guestbook.title', 'Guestbook')}>
      <ListToolbar
        text={LIST_TEXT.guestbook}
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_GUESTBOOK_FILTERS}
        labels={FILTER_LABELS.guestbook}
        onFilter={setFilter}
      />
      <ListBody
        query={query}
        text={LIST_TEXT.guestbook}
        empty={t('guestbook.empty', 'No messages found')}
        icon={BookOpen}
      >
        {(rows) => (
          <Table
            label={t('guestbook.title', 'Guestbook')}
            head={[
              t('guestbook.col.message', 'Message'),
              t('guestbook.col.event', 'Event'),
              t('guestbook.col.guest', 'Guest'),
              t('guestbook.col.status', 'Status'),
              t('guestbook.col.reports', 'Reports'),
              t('guestbook.col.written', 'Written'),
              t('guestbook.col.actions', 'Actions'),
            ]}
          >
            {rows.map((e) => {
              const voice = e.kind === 'voice';
              const name = voice
                ? t('guestbook.voiceFrom', 'Voice message from {author}', { author: e.author })
                : t('guestbook.messageFrom', 'Message from {author}', { author: e.author });
              return (
                <tr key={e.id}>
                  <td className={CELL}>
                    {voice ? (
                      <span className="flex flex-col items-start gap-1">
                        <span className="flex items-center gap-2">
                          <Badge tone="clip">
                            <Mic aria-hidden className="me-1 h-3 w-3" />
                            {t('guestbook.voice', 'Voice')}
                          </Badge>
                          {e.durationMs !== null && (
                            <span className="text-xs text-neutral-700">
                              {formatNumber(Math.max(1, Math.round(e.durationMs / 1000)), t.locale, {
                                style: 'unit',
                                unit: 'second',
                                unitDisplay: 'short',
                              })}
                            </span>
                          )}
                        </span>
                        {e.audioUrl ? (
                          <SignedAudio url={e.audioUrl} label={name} className="h-10 w-56 max-w-full" />
                        ) : (
                          <span className="text-neutral-700">
                            {t('guestbook.noRecording', 'Recording unavailable')}
                          </span>
                        )}
                      </span>
                    ) : (
                      <span className="block max-w-[18rem] whitespace-pre-line break-words">{e.text}</span>
                    )}
                  </td>
                  <td className={CELL}>
                    <span className="block font-medium text-neutral-900">
                      {e.eventName ?? (
                        <span className="text-neutral-700">
                          {t('guestbook.eventDeleted', 'Event deleted')}
                        </span>
                      )}
                    </span>
                    {e.eventCode && (
                      <span className="font-mono text-xs tracking-wider text-neutral-700">{e.eventCode}</span>
                    )}
                  </td>
                  <td className={`${CELL} break-words`}>{e.author}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={e.status}>
                        {ENTRY_STATUS[e.status] ? t(ENTRY_STATUS[e.status]) : capitalize(e.status)}
                      </Badge>
                      {e.held && <Badge tone="held">{t('guestbook.held', 'Held')}</Badge>}
                    </div>
                  </td>
                  <td className={CELL}>{formatNumber(e.reportCount, t.locale)}</td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(e.createdAt, t.locale)}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-2">
                      {DECISIONS.map(({ action, label, labelFor, icon: Icon, variant }) => (
                        <Button
                          key={action}
                          variant={variant}
                          size="sm"
                          disabled={busy(e.id)}
                          aria-label={t(labelFor, { name })}
                          onClick={() => moderate.mutate({ id: e.id, action })}
                        >
                          <Icon aria-hidden className="h-4 w-4" />
                          {t(label)}
                        </Button>
                      ))}
                      <ConfirmButton
                        title={t('guestbook.deleteTitle', 'Delete message?')}
                        question={t(CONFIRM.deleteEntry)}
                        confirmLabel={t('guestbook.delete', 'Delete')}
                        onConfirm={() => moderate.mutate({ id: e.id, action: 'delete' })}
                        trigger={
                          <Button
                            variant="destructive"
                            size="sm"
                            disabled={busy(e.id)}
                            aria-label={t('guestbook.deleteEntry', 'Delete {name}', { name })}
                          >
                            <Trash2 aria-hidden className="h-4 w-4" />
                            {t('guestbook.delete', 'Delete')}
                          </Button>
                        }
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </ListBody>
    </PanelCard>
  );
}
