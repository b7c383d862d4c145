import { useState } from 'react';
import { Users } from 'lucide-react';
import { ADMIN_USER_FILTERS, type AdminUserFilter, type AdminUserRow } from '@afterglow/contracts';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import { useAdminList, useDebounced, useSuspendUser, useUnsuspendUser } from './api';
import { CONFIRM, FILTER_LABELS, LIST_TEXT, USER_STATUS } from './labels';
import { Badge, CELL, ConfirmButton, ListBody, ListToolbar, PanelCard, Table, capitalize } from './parts';
import { day } from './when';

const fullName = (u: AdminUserRow) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export function UsersPanel() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminUserFilter>('all');
  const query = useAdminList<AdminUserRow>('users', useDebounced(search.trim()), filter);
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const busy = (id: string) =>
    (suspend.isPending && suspend.variables === id) || (unsuspend.isPending && unsuspend.variables === id);
  return (
    <PanelCard title={t('users.title', 'Users')}>
      <ListToolbar
        text={LIST_TEXT.users}
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_USER_FILTERS}
        labels={FILTER_LABELS.users}
        onFilter={setFilter}
      />
      <ListBody query={query} text={LIST_TEXT.users} empty={t('users.empty', 'No users found')} icon={Users}>
        {(rows) => (
          <Table
            label={t('users.title', 'Users')}
            head={[
              t('users.col.name', 'Name'),
              t('users.col.email', 'Email'),
              t('users.col.plan', 'Plan'),
              t('users.col.events', 'Events'),
              t('users.col.photos', 'Photos'),
              t('users.col.status', 'Status'),
              t('users.col.joined', 'Joined'),
              t('users.col.actions', 'Actions'),
            ]}
          >
            {rows.map((u) => {
              const name = fullName(u);
              return (
                <tr key={u.id}>
                  <td className={`${CELL} font-medium text-neutral-900`}>
                    {name || <span className="text-neutral-700">{t('users.noName', 'No name')}</span>}
                    {u.isAdmin && (
                      <span className="ms-2">
                        <Badge tone="upcoming">{t('users.admin', 'Admin')}</Badge>
                      </span>
                    )}
                  </td>
                  <td className={`${CELL} break-all`}>{u.email}</td>
                  {/* plan names are product names (Free, Event Pro) */}
                  <td className={CELL}>{capitalize(u.plan)}</td>
                  <td className={CELL}>{u.eventCount}</td>
                  <td className={CELL}>{u.photoCount}</td>
                  <td className={CELL}>
                    <Badge tone={u.status}>
                      {USER_STATUS[u.status] ? t(USER_STATUS[u.status]) : capitalize(u.status)}
                    </Badge>
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(u.joinedAt, t.locale)}</td>
                  <td className={CELL}>
                    {u.status === 'suspended' ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy(u.id)}
                        aria-label={t('users.unsuspendUser', 'Unsuspend {email}', { email: u.email })}
                        onClick={() => unsuspend.mutate(u.id)}
                      >
                        {t('users.unsuspend', 'Unsuspend')}
                      </Button>
                    ) : (
                      <ConfirmButton
                        title={t('users.suspendTitle', 'Suspend user?')}
                        question={t(CONFIRM.suspend)}
                        confirmLabel={t('users.suspend', 'Suspend')}
                        onConfirm={() => suspend.mutate(u.id)}
                        trigger={
                          <Button
                            variant="destructive"
                            size="sm"
                            disabled={busy(u.id)}
                            aria-label={t('users.suspendUser', 'Suspend {email}', { email: u.email })}
                          >
                            {t('users.suspend', 'Suspend')}
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
