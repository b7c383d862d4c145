import { useEffect, useId, useRef, useState } from 'react';
import { Check, Flag, Image, Play, X } from 'lucide-react';
import {
  ADMIN_PHOTO_FILTERS,
  type AdminModerateAction,
  type AdminPhotoFilter,
  type AdminPhotoRow,
} from '@afterglow/contracts';
import { Button, msg, type MessageDescriptor } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';
import { useT } from '../text';
import { useAdminList, useDebounced, useModeratePhoto } from './api';
import {
  FILTER_LABELS,
  LIST_TEXT,
  PHOTO_KIND_FILTERS,
  PHOTO_KIND_LABELS,
  PHOTO_STATUS,
  type PhotoKindFilter,
} from './labels';
import { Badge, CELL, INPUT, ListBody, ListToolbar, PanelCard, Table, capitalize } from './parts';
import { day } from './when';

const ACTIONS: {
  action: AdminModerateAction;
  label: MessageDescriptor;
  /** names the photo: `{name}` */
  labelFor: MessageDescriptor;
  icon: typeof Check;
  variant: 'outline' | 'destructive';
}[] = [
  {
    action: 'approve',
    label: msg('photos.approve', 'Approve'),
    labelFor: msg('photos.approvePhoto', 'Approve {name}'),
    icon: Check,
    variant: 'outline',
  },
  {
    action: 'reject',
    label: msg('photos.reject', 'Reject'),
    labelFor: msg('photos.rejectPhoto', 'Reject {name}'),
    icon: X,
    variant: 'destructive',
  },
  {
    action: 'flag',
    label: msg('photos.flag', 'Flag'),
    labelFor: msg('photos.flagPhoto', 'Flag {name}'),
    icon: Flag,
    variant: 'outline',
  },
];

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
  const t = useT();
  const kindId = useId();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<PhotoKindFilter>('all');
  const query = useAdminList<AdminPhotoRow>('photos', useDebounced(search.trim()), filter, {
    kind: kind === 'all' ? undefined : kind,
  });
  const moderate = useModeratePhoto();
  const filterEl = useRef<HTMLSelectElement | null>(null);
  useEffect(() => {
    if (focusFilter > 0) filterEl.current?.focus();
  }, [focusFilter]);
  return (
    <PanelCard title={t('photos.title', 'Photos')}>
      <ListToolbar
        text={LIST_TEXT.photos}
        search={search}
        onSearch={setSearch}
        filter={filter}
        filters={ADMIN_PHOTO_FILTERS}
        labels={FILTER_LABELS.photos}
        onFilter={onFilter}
        filterRef={(el) => {
          filterEl.current = el;
        }}
      >
        <div>
          <label htmlFor={kindId} className="sr-only">
            {t('list.photos.kind', 'Photos or clips')}
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value as PhotoKindFilter)}
            className={INPUT}
          >
            {PHOTO_KIND_FILTERS.map((k) => (
              <option key={k} value={k}>
                {t(PHOTO_KIND_LABELS[k])}
              </option>
            ))}
          </select>
        </div>
      </ListToolbar>
      <ListBody
        query={query}
        text={LIST_TEXT.photos}
        empty={t('photos.empty', 'No photos found')}
        icon={Image}
      >
        {(rows) => (
          <Table
            label={t('photos.title', 'Photos')}
            head={[
              t('photos.col.photo', 'Photo'),
              t('photos.col.event', 'Event'),
              t('photos.col.guest', 'Guest'),
              t('photos.col.status', 'Status'),
              t('photos.col.flags', 'Flags'),
              t('photos.col.taken', 'Taken'),
              t('photos.col.actions', 'Actions'),
            ]}
          >
            {rows.map((p) => {
              const clip = p.kind === 'clip';
              const name =
                p.caption ||
                (clip
                  ? p.eventName === null
                    ? t('photos.clipFromDeletedEvent', 'Clip from a deleted event')
                    : t('photos.clipFromEvent', 'Clip from {event}', { event: p.eventName })
                  : p.eventName === null
                    ? t('photos.fromDeletedEvent', 'Photo from a deleted event')
                    : t('photos.fromEvent', 'Photo from {event}', { event: p.eventName }));
              const alt = clip
                ? p.caption
                  ? t('photos.clipAlt', 'Clip: {caption}', { caption: p.caption })
                  : t('photos.clipAltNoCaption', 'Clip without caption')
                : p.caption
                  ? t('photos.alt', 'Photo: {caption}', { caption: p.caption })
                  : t('photos.altNoCaption', 'Photo without caption');
              return (
                <tr key={p.id}>
                  <td className={CELL}>
                    <div className="flex items-center gap-3">
                      {p.thumbUrl ? (
                        // a clip's thumbnail is its poster, marked as a clip
                        <span className="relative h-14 w-14 shrink-0">
                          <img
                            src={p.thumbUrl}
                            alt={alt}
                            loading="lazy"
                            className="h-14 w-14 rounded-lg bg-neutral-200 object-cover"
                          />
                          {clip && (
                            <span
                              aria-hidden
                              className="absolute bottom-1 start-1 flex h-5 w-5 items-center justify-center rounded-full bg-black/70 text-white"
                            >
                              <Play className="h-3 w-3 fill-current" />
                            </span>
                          )}
                        </span>
                      ) : (
                        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-center text-[10px] text-neutral-700">
                          {t('photos.developing', 'Developing')}
                        </span>
                      )}
                      <span className="flex max-w-[12rem] flex-col items-start gap-1 break-words">
                        {clip && <Badge tone="clip">{t('photos.clip', 'Clip')}</Badge>}
                        <span>
                          {p.caption || (
                            <span className="text-neutral-700">{t('photos.noCaption', 'No caption')}</span>
                          )}
                        </span>
                      </span>
                    </div>
                  </td>
                  <td className={CELL}>
                    <span className="block font-medium text-neutral-900">
                      {p.eventName ?? (
                        <span className="text-neutral-700">{t('photos.eventDeleted', 'Event deleted')}</span>
                      )}
                    </span>
                    {p.eventCode && (
                      <span className="font-mono text-xs tracking-wider text-neutral-700">{p.eventCode}</span>
                    )}
                  </td>
                  <td className={CELL}>{p.deviceName || t('photos.anonymous', 'Anonymous')}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={p.status}>
                        {PHOTO_STATUS[p.status] ? t(PHOTO_STATUS[p.status]) : capitalize(p.status)}
                      </Badge>
                      {p.held && <Badge tone="held">{t('photos.held', 'Held')}</Badge>}
                    </div>
                  </td>
                  <td className={CELL}>
                    <span className="block">{p.flagCount}</span>
                    {p.flagReason && <span className="block text-xs text-neutral-700">{p.flagReason}</span>}
                    {p.safetyScore !== null && (
                      <span className="block whitespace-nowrap text-xs text-neutral-700">
                        {t('photos.safety', 'AI safety {score}', {
                          // rounded as before, to whole percents
                          score: formatNumber(Math.round(p.safetyScore * 100) / 100, t.locale, {
                            style: 'percent',
                            maximumFractionDigits: 0,
                          }),
                        })}
                      </span>
                    )}
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(p.createdAt, t.locale)}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-2">
                      {ACTIONS.map(({ action, label, labelFor, icon: Icon, variant }) => (
                        <Button
                          key={action}
                          variant={variant}
                          size="sm"
                          disabled={moderate.isPending && moderate.variables?.id === p.id}
                          aria-label={t(labelFor, { name })}
                          onClick={() => moderate.mutate({ id: p.id, action })}
                        >
                          <Icon aria-hidden className="h-4 w-4" />
                          {t(label)}
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
