import { useEffect, useRef, useState } from 'react';
import { Check, Flag, Image, X } from 'lucide-react';
import {
  ADMIN_FILTER_LABELS,
  ADMIN_PHOTO_FILTERS,
  type AdminModerateAction,
  type AdminPhotoFilter,
  type AdminPhotoRow,
} from '@afterglow/contracts';
import { Button } from '@afterglow/ui';
import { useAdminList, useDebounced, useModeratePhoto } from './api';
import { Badge, CELL, ListBody, ListToolbar, PanelCard, Table, capitalize, day } from './parts';

const ACTIONS: {
  action: AdminModerateAction;
  label: string;
  icon: typeof Check;
  variant: 'outline' | 'destructive';
}[] = [
  { action: 'approve', label: 'Approve', icon: Check, variant: 'outline' },
  { action: 'reject', label: 'Reject', icon: X, variant: 'destructive' },
  { action: 'flag', label: 'Flag', icon: Flag, variant: 'outline' },
];

const STATUS_LABEL: Record<AdminPhotoRow['status'], string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The Photos tab; its filter lives in the dashboard, so 'Review Flagged Photos' can set it. */
export function PhotosPanel({
  filter,
  onFilter,
  focusFilter,
}: {
  filter: AdminPhotoFilter;
  onFilter: (f: AdminPhotoFilter) => void;
  /** changes when another part of the page sends the user here: the filter takes focus */
  focusFilter: number;
}) {
  const [search, setSearch] = useState('');
  const query = useAdminList<AdminPhotoRow>('photos', useDebounced(search.trim()), filter);
  const moderate = useModeratePhoto();
  const filterEl = useRef<HTMLSelectElement | null>(null);
  useEffect(() => {
    if (focusFilter > 0) filterEl.current?.focus();
  }, [focusFilter]);
  return (
    <PanelCard title="Photos">
      <ListToolbar
        what="photos"
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_PHOTO_FILTERS}
        labels={ADMIN_FILTER_LABELS.photos}
        onFilter={onFilter}
        filterRef={(el) => {
          filterEl.current = el;
        }}
      />
      <ListBody query={query} what="photos" one="photo" empty="No photos found" icon={Image}>
        {(rows) => (
          <Table label="Photos" head={['Photo', 'Event', 'Guest', 'Status', 'Flags', 'Taken', 'Actions']}>
            {rows.map((p) => {
              const name = p.caption || `Photo from ${p.eventName ?? 'a deleted event'}`;
              return (
                <tr key={p.id}>
                  <td className={CELL}>
                    <div className="flex items-center gap-3">
                      {p.thumbUrl ? (
                        <img
                          src={p.thumbUrl}
                          alt={p.caption ? `Photo: ${p.caption}` : 'Photo without caption'}
                          loading="lazy"
                          className="h-14 w-14 shrink-0 rounded-lg bg-neutral-200 object-cover"
                        />
                      ) : (
                        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-center text-[10px] text-neutral-700">
                          Developing
                        </span>
                      )}
                      <span className="max-w-[12rem] break-words">
                        {p.caption || <span className="text-neutral-700">No caption</span>}
                      </span>
                    </div>
                  </td>
                  <td className={CELL}>
                    <span className="block font-medium text-neutral-900">
                      {p.eventName ?? <span className="text-neutral-700">Event deleted</span>}
                    </span>
                    {p.eventCode && (
                      <span className="font-mono text-xs tracking-wider text-neutral-700">{p.eventCode}</span>
                    )}
                  </td>
                  <td className={CELL}>{p.deviceName || 'Anonymous'}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={p.status}>{STATUS_LABEL[p.status] ?? capitalize(p.status)}</Badge>
                      {p.held && <Badge tone="held">Held</Badge>}
                    </div>
                  </td>
                  <td className={CELL}>
                    <span className="block">{p.flagCount}</span>
                    {p.flagReason && <span className="block text-xs text-neutral-700">{p.flagReason}</span>}
                    {p.safetyScore !== null && (
                      <span className="block whitespace-nowrap text-xs text-neutral-700">
                        AI safety {Math.round(p.safetyScore * 100)}%
                      </span>
                    )}
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(p.createdAt)}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-2">
                      {ACTIONS.map(({ action, label, icon: Icon, variant }) => (
                        <Button
                          key={action}
                          variant={variant}
                          size="sm"
                          disabled={moderate.isPending && moderate.variables?.id === p.id}
                          aria-label={`${label} ${name}`}
                          onClick={() => moderate.mutate({ id: p.id, action })}
                        >
                          <Icon aria-hidden className="h-4 w-4" />
                          {label}
                        </Button>
                      ))}
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
