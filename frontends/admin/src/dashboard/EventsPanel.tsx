import { useState } from 'react';
import { Link } from 'react-router';
import { Calendar, Eye, Trash2 } from 'lucide-react';
import { ADMIN_EVENT_FILTERS, type AdminEventFilter, type AdminEventRow } from '@afterglow/contracts';
import { Button, buttonClass } from '@afterglow/ui';
import { useT } from '../text';
import { useAdminList, useDebounced, useDeleteEvent } from './api';
import { CONFIRM, EVENT_STATUS, FILTER_LABELS, LIST_TEXT } from './labels';
import { Badge, CELL, ConfirmButton, ListBody, ListToolbar, PanelCard, Table, capitalize } from './parts';
import { day } from './when';

export function EventsPanel() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminEventFilter>('all');
  const query = useAdminList<AdminEventRow>('events', useDebounced(search.trim()), filter);
  const remove = useDeleteEvent();
  return (
    <PanelCard title={t('events.title', 'Events')}>
      <ListToolbar
        text={LIST_TEXT.events}
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_EVENT_FILTERS}
        labels={FILTER_LABELS.events}
        onFilter={setFilter}
      />
      <ListBody
        query={query}
        text={LIST_TEXT.events}
        empty={t('events.empty', 'No events found')}
        icon={Calendar}
      >
        {(rows) => (
          <Table
            label={t('events.title', 'Events')}
            head={[
              t('events.col.event', 'Event'),
              t('events.col.host', 'Host'),
              t('events.col.photos', 'Photos'),
              t('events.col.guests', 'Guests'),
              t('events.col.findMe', 'Find Me'),
              t('events.col.status', 'Status'),
              t('events.col.starts', 'Starts'),
              t('events.col.actions', 'Actions'),
            ]}
          >
            {rows.map((e) => (
              <tr key={e.id}>
                <td className={CELL}>
                  <span className="block font-medium text-neutral-900">{e.name}</span>
                  <span className="font-mono text-xs tracking-wider text-neutral-700">{e.code}</span>
                </td>
                <td className={`${CELL} break-all`}>
                  {e.hostEmail ?? (
                    <span className="text-neutral-700">{t('events.accountDeleted', 'Account deleted')}</span>
                  )}
                </td>
                <td className={CELL}>{e.photoCount}</td>
                <td className={CELL}>{e.guestCount}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {/* counts only: the faces themselves are never shown here */}
                  {e.findMe
                    ? t('events.findMeOn', '{count, plural, one {On · # face} other {On · # faces}}', {
                        count: e.faceCount ?? 0,
                      })
                    : t('events.findMeOff', 'Off')}
                </td>
                <td className={CELL}>
                  <Badge tone={e.status}>
                    {EVENT_STATUS[e.status] ? t(EVENT_STATUS[e.status]) : capitalize(e.status)}
                  </Badge>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>{day(e.startsAt, t.locale)}</td>
                <td className={CELL}>
                  <div className="flex gap-2">
                    <Link
                      to={`/host/dashboard/${e.id}`}
                      className={buttonClass('outline', 'sm')}
                      aria-label={t('events.viewEvent', 'View {name}', { name: e.name })}
                    >
                      <Eye aria-hidden className="h-4 w-4" />
                      {t('events.view', 'View')}
                    </Link>
                    <ConfirmButton
                      title={t('events.deleteTitle', 'Delete event?')}
                      question={t(CONFIRM.deleteEvent)}
                      confirmLabel={t('events.delete', 'Delete')}
                      onConfirm={() => remove.mutate(e.id)}
                      trigger={
                        <Button
                          variant="destructive"
                          size="sm"
                          disabled={remove.isPending && remove.variables === e.id}
                          aria-label={t('events.deleteEvent', 'Delete {name}', { name: e.name })}
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                          {t('events.delete', 'Delete')}
                        </Button>
                      }
                    />
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListBody>
    </PanelCard>
  );
}
