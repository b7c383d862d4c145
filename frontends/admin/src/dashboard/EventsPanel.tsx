import { useState } from 'react';
import { Link } from 'react-router';
import { Calendar, Eye, Trash2 } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_EVENT_FILTERS,
  ADMIN_FILTER_LABELS,
  type AdminEventFilter,
  type AdminEventRow,
} from '@afterglow/contracts';
import { Button, buttonClass } from '@afterglow/ui';
import { useAdminList, useDebounced, useDeleteEvent } from './api';
import {
  Badge,
  CELL,
  ConfirmButton,
  ListBody,
  ListToolbar,
  PanelCard,
  Table,
  capitalize,
  day,
} from './parts';

export function EventsPanel() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminEventFilter>('all');
  const query = useAdminList<AdminEventRow>('events', useDebounced(search.trim()), filter);
  const remove = useDeleteEvent();
  return (
    <PanelCard title="Events">
      <ListToolbar
        what="events"
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_EVENT_FILTERS}
        labels={ADMIN_FILTER_LABELS.events}
        onFilter={setFilter}
      />
      <ListBody query={query} what="events" one="event" empty="No events found" icon={Calendar}>
        {(rows) => (
          <Table label="Events" head={['Event', 'Host', 'Photos', 'Guests', 'Status', 'Starts', 'Actions']}>
            {rows.map((e) => (
              <tr key={e.id}>
                <td className={CELL}>
                  <span className="block font-medium text-neutral-900">{e.name}</span>
                  <span className="font-mono text-xs tracking-wider text-neutral-700">{e.code}</span>
                </td>
                <td className={`${CELL} break-all`}>
                  {e.hostEmail ?? <span className="text-neutral-700">Account deleted</span>}
                </td>
                <td className={CELL}>{e.photoCount}</td>
                <td className={CELL}>{e.guestCount}</td>
                <td className={CELL}>
                  <Badge tone={e.status}>{capitalize(e.status)}</Badge>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>{day(e.startsAt)}</td>
                <td className={CELL}>
                  <div className="flex gap-2">
                    <Link
                      to={`/host/dashboard/${e.id}`}
                      className={buttonClass('outline', 'sm')}
                      aria-label={`View ${e.name}`}
                    >
                      <Eye aria-hidden className="h-4 w-4" />
                      View
                    </Link>
                    <ConfirmButton
                      title="Delete event?"
                      question={ADMIN_CONFIRM.deleteEvent}
                      confirmLabel="Delete"
                      onConfirm={() => remove.mutate(e.id)}
                      trigger={
                        <Button
                          variant="destructive"
                          size="sm"
                          disabled={remove.isPending && remove.variables === e.id}
                          aria-label={`Delete ${e.name}`}
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                          Delete
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
