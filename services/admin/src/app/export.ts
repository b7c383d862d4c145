import { ADMIN_PAGE_MAX, CSV_BOM, csvLine, type AdminExportKind, type AdminPage } from '@afterglow/contracts';
import type { BackOffice } from './back-office';

interface Table<T> {
  columns: readonly string[];
  cells: (row: T) => (string | number | boolean | null)[];
  page: (cursor: string | undefined) => Promise<AdminPage<T>>;
}

const table = <T>(t: Table<T>) => t as unknown as Table<unknown>;

/**
 * The back office's CSV downloads (Export Data): every row of a list, whatever the dashboard's filter,
 * read a page at a time from the owning services and written as it comes, so a large export starts
 * at once and holds one page in memory.
 */
export function exportTables(office: BackOffice): Record<AdminExportKind, Table<unknown>> {
  const all = { filter: 'all' as const, limit: ADMIN_PAGE_MAX };
  return {
    users: table({
      columns: [
        'id',
        'email',
        'first_name',
        'last_name',
        'plan',
        'events',
        'photos',
        'status',
        'admin',
        'joined_at',
      ],
      cells: (u: Awaited<ReturnType<BackOffice['users']>>['items'][number]) => [
        u.id,
        u.email,
        u.firstName,
        u.lastName,
        u.plan,
        u.eventCount,
        u.photoCount,
        u.status,
        u.isAdmin,
        u.joinedAt,
      ],
      page: (cursor) => office.users({ ...all, cursor }),
    }),
    events: table({
      columns: [
        'id',
        'name',
        'code',
        'host_email',
        'plan',
        'photos',
        'guests',
        'status',
        'starts_at',
        'ends_at',
      ],
      cells: (e: Awaited<ReturnType<BackOffice['events']>>['items'][number]) => [
        e.id,
        e.name,
        e.code,
        e.hostEmail,
        e.plan,
        e.photoCount,
        e.guestCount,
        e.status,
        e.startsAt,
        e.endsAt,
      ],
      page: (cursor) => office.events({ ...all, cursor }),
    }),
    photos: table({
      columns: [
        'id',
        'event_code',
        'event_name',
        'caption',
        'guest',
        'status',
        'flags',
        'flag_reason',
        'held',
        'safety_score',
        'created_at',
      ],
      cells: (p: Awaited<ReturnType<BackOffice['photos']>>['items'][number]) => [
        p.id,
        p.eventCode,
        p.eventName,
        p.caption,
        p.deviceName ?? 'Anonymous',
        p.status,
        p.flagCount,
        p.flagReason,
        p.held,
        p.safetyScore,
        p.createdAt,
      ],
      page: (cursor) => office.photos({ ...all, cursor }),
    }),
    activity: table({
      columns: ['at', 'actor_email', 'actor_id', 'role', 'action', 'target_id', 'target', 'reason'],
      cells: (a: Awaited<ReturnType<BackOffice['activity']>>['items'][number]) => [
        a.at,
        a.actorEmail,
        a.actorId,
        a.actorRole,
        a.action,
        a.targetId,
        a.targetLabel,
        a.reason,
      ],
      page: (cursor) => office.activity({ limit: ADMIN_PAGE_MAX, cursor }),
    }),
  };
}

/** The CSV of one table, a chunk per page: the header first, then each page's rows. */
export async function* csvOf(t: Table<unknown>): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(t.columns)}`;
  let cursor: string | undefined;
  do {
    const page = await t.page(cursor);
    yield page.items.map((row) => csvLine(t.cells(row).map((c) => (c === null ? '' : String(c))))).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
