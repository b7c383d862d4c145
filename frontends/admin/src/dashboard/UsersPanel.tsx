import { useState } from 'react';
import { Users } from 'lucide-react';
import {
  ADMIN_CONFIRM,
  ADMIN_FILTER_LABELS,
  ADMIN_USER_FILTERS,
  type AdminUserFilter,
  type AdminUserRow,
} from '@afterglow/contracts';
import { Button } from '@afterglow/ui';
import { useAdminList, useDebounced, useSuspendUser, useUnsuspendUser } from './api';
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

const fullName = (u: AdminUserRow) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export function UsersPanel() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminUserFilter>('all');
  const query = useAdminList<AdminUserRow>('users', useDebounced(search.trim()), filter);
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const busy = (id: string) =>
    (suspend.isPending && suspend.variables === id) || (unsuspend.isPending && unsuspend.variables === id);
  return (
    <PanelCard title="Users">
      <ListToolbar
        what="users"
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_USER_FILTERS}
        labels={ADMIN_FILTER_LABELS.users}
        onFilter={setFilter}
      />
      <ListBody query={query} what="users" one="user" empty="No users found" icon={Users}>
        {(rows) => (
          <Table
            label="Users"
            head={['Name', 'Email', 'Plan', 'Events', 'Photos', 'Status', 'Joined', 'Actions']}
          >
            {rows.map((u) => {
              const name = fullName(u);
              return (
                <tr key={u.id}>
                  <td className={`${CELL} font-medium text-neutral-900`}>
                    {name || <span className="text-neutral-700">No name</span>}
                    {u.isAdmin && (
                      <span className="ml-2">
                        <Badge tone="upcoming">Admin</Badge>
                      </span>
                    )}
                  </td>
                  <td className={`${CELL} break-all`}>{u.email}</td>
                  <td className={CELL}>{capitalize(u.plan)}</td>
                  <td className={CELL}>{u.eventCount}</td>
                  <td className={CELL}>{u.photoCount}</td>
                  <td className={CELL}>
                    <Badge tone={u.status}>{capitalize(u.status)}</Badge>
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(u.joinedAt)}</td>
                  <td className={CELL}>
                    {u.status === 'suspended' ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy(u.id)}
                        aria-label={`Unsuspend ${u.email}`}
                        onClick={() => unsuspend.mutate(u.id)}
                      >
                        Unsuspend
                      </Button>
                    ) : (
                      <ConfirmButton
                        title="Suspend user?"
                        question={ADMIN_CONFIRM.suspend}
                        confirmLabel="Suspend"
                        onConfirm={() => suspend.mutate(u.id)}
                        trigger={
                          <Button
                            variant="destructive"
                            size="sm"
                            disabled={busy(u.id)}
                            aria-label={`Suspend ${u.email}`}
                          >
                            Suspend
                          </Button>
                        }
                      />
                    )}
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
