import { sql } from 'drizzle-orm';
import type { Db } from '@afterglow/db';
import type { OperatorIo } from './io';

export interface EventListing {
  id: string;
  code: string;
  name: string;
  /** null when the host's account is not in this database's users table */
  hostEmail: string | null;
  startsAt: string;
  endsAt: string;
  /** photos stored for the event (the photos service's counter); null without that service's tables */
  photoCount: number | null;
}

const exists = async (db: Db, table: string) => {
  const { rows } = (await db.execute(sql`select to_regclass(${table}) is not null as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  return rows[0]?.ok === true;
};

/**
 * Every event, newest start first. An operator tool in the database's own process: it reads the
 * events, identity and photos tables directly (each only when that service has created it).
 */
export async function listEvents(db: Db, hostEmail?: string): Promise<EventListing[]> {
  if (!(await exists(db, 'events.events'))) return [];
  const withUsers = await exists(db, 'identity.users');
  const withCounts = await exists(db, 'photos.event_counters');
  if (hostEmail && !withUsers) return [];
  const { rows } = (await db.execute(sql`
    select e.id, e.code, e.name, e.starts_at, e.ends_at,
      ${withUsers ? sql`u.email` : sql`null`} as host_email,
      ${withCounts ? sql`coalesce(c.photo_count, 0)` : sql`null`} as photo_count
    from events.events e
    ${withUsers ? sql`left join identity.users u on u.id::text = e.host_id` : sql``}
    ${withCounts ? sql`left join photos.event_counters c on c.event_id = e.id` : sql``}
    ${hostEmail ? sql`where lower(u.email) = ${hostEmail.trim().toLowerCase()}` : sql``}
    order by e.starts_at desc, e.code`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map((r) => ({
    id: String(r.id),
    code: String(r.code),
    name: String(r.name),
    hostEmail: r.host_email == null ? null : String(r.host_email),
    startsAt: new Date(r.starts_at as string).toISOString(),
    endsAt: new Date(r.ends_at as string).toISOString(),
    photoCount: r.photo_count == null ? null : Number(r.photo_count),
  }));
}

const minutes = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** An aligned plain-text table, times in UTC. */
export function eventTable(list: EventListing[]): string[] {
  const head = ['CODE', 'NAME', 'HOST', 'STARTS (UTC)', 'ENDS (UTC)', 'PHOTOS'];
  const body = list.map((e) => [
    e.code,
    clip(e.name.replace(/\s+/g, ' '), 40),
    e.hostEmail ?? '-',
    minutes(e.startsAt),
    minutes(e.endsAt),
    e.photoCount == null ? '-' : String(e.photoCount),
  ]);
  const rows = [head, ...body];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) =>
    r
      .map((cell, i) =>
        i === r.length - 1 ? cell.padStart(widths[i]!) : cell + ' '.repeat(widths[i]! - [...cell].length),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** `afterglow events [--host <email>] [--json]` */
export async function eventsCommand(db: Db, io: OperatorIo, host: string | undefined, json: boolean) {
  const list = await listEvents(db, host);
  if (json) return io.out(JSON.stringify(list, null, 2));
  if (list.length === 0) return io.out(host ? `No events hosted by ${host}.` : 'No events.');
  for (const line of eventTable(list)) io.out(line);
}
