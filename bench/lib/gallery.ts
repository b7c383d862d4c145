import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Session } from './client';
import { round, summary } from './stats';

/**
 * The guest gallery at scale (issue 26): an event's developed photos written straight into a stopped
 * server's database (through the API, 50,000 uploads would take an hour here and measure ingest, not
 * the gallery), then its pages walked as a guest and as the host, page by page (`nextCursor`).
 */

export interface GallerySeed {
  photos: number;
  /** the guests who took them; default one device per 36 photos (a roll each) */
  devices: number;
  /** what a guest with the code sees after the reveal: developed, not rejected, not held */
  guestVisible: number;
  /** what the host sees: every photo */
  hostVisible: number;
  byStatus: Record<string, number>;
  held: number;
}

/**
 * Writes `photos` developed photos of the event into the stopped server's database (PGlite files under
 * `dataDir/pg`, or `postgresUrl`): their devices (one per 36 photos), the photo rows over the last six
 * hours, newest last, most pending, a third approved, one in 50 rejected and one in 500 held by guests'
 * reports; a caption on one in five, a safety score on each (a Max event); a thumb and a display
 * rendition each; the event's photo count; and the reveal an hour ago, already announced (so no reveal
 * pass runs while the gallery is measured). The event must exist (made through the API).
 */
export async function seedGallery(
  dataDir: string,
  eventId: string,
  photos: number,
  postgresUrl?: string,
): Promise<GallerySeed> {
  const devices = Math.max(1, Math.ceil(photos / 36));
  const deviceIds = Array.from({ length: devices }, () => randomUUID());
  // created_at: spread evenly over six hours, a few milliseconds apart at most scales, in whole
  // milliseconds as an upload writes it (the cursor keeps milliseconds)
  const statements: [string, unknown[]][] = [
    [
      `insert into photos.devices (id, event_id, anon_id, display_name, shots_taken, created_at)
         select d, $2::uuid, gen_random_uuid(), case when n % 4 = 0 then null else 'Guest ' || n end, 36,
                now() - interval '7 hours'
         from unnest($1::uuid[]) with ordinality t(d, n)`,
      [deviceIds, eventId],
    ],
    [
      `insert into photos.photos (id, event_id, device_id, caption, status, flag_count, original_key,
           width, height, bytes, created_at, processed_at, held_at, report_count, safety_score)
         select id, $1::uuid, ($2::uuid[])[1 + (n % $3::int)],
                case when n % 5 = 0 then 'Caption number ' || n end,
                case when n % 50 = 7 then 'rejected' when n % 3 = 0 then 'approved' else 'pending' end,
                case when n % 100 = 0 then 1 else 0 end,
                'events/' || $1::text || '/originals/' || id || '.jpg', 1920, 1080, 245000,
                at, at + interval '3 seconds',
                case when n % 500 = 11 then at + interval '10 minutes' end,
                case when n % 500 = 11 then 3 else 0 end,
                (n % 97) / 100.0
         from (
           select gen_random_uuid() as id, n,
                  date_trunc('milliseconds', clock_timestamp() - interval '6 hours 5 minutes'
                    + (n * (21600000.0 / $4::int) || ' milliseconds')::interval) as at
           from generate_series(1, $4::int) n
         ) p`,
      [eventId, deviceIds, devices, photos],
    ],
    [
      `insert into photos.renditions (photo_id, kind, key, width, height, bytes)
         select p.id, k, 'events/' || $1::text || '/renditions/' || p.id || '/' || k || '.jpg',
                case when k = 'thumb' then 400 else 1600 end, case when k = 'thumb' then 225 else 900 end,
                case when k = 'thumb' then 28000 else 210000 end
         from photos.photos p, unnest(array['thumb','display']) k where p.event_id = $1::uuid`,
      [eventId],
    ],
    [
      `insert into photos.event_counters (event_id, photo_count) values ($1, $2)
         on conflict (event_id) do update set photo_count = excluded.photo_count`,
      [eventId, photos],
    ],
    [
      `update events.events set reveal_at = now() - interval '1 hour',
           reveal_announced_at = now() - interval '1 hour' where id = $1`,
      [eventId],
    ],
    [
      `update photos.devices d set shots_taken = t.n
         from (select device_id, count(*)::int n from photos.photos where event_id = $1 group by 1) t
         where d.id = t.device_id`,
      [eventId],
    ],
  ];
  const countSql = `select status, count(*)::int n, count(held_at)::int held from photos.photos
      where event_id = $1 group by status`;
  let counted: { status: string; n: number; held: number }[];
  if (postgresUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      for (const [s, p] of statements) await client.query(s, p);
      await client.query('analyze');
      counted = (await client.query(countSql, [eventId])).rows;
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(join(dataDir, 'pg'));
    try {
      for (const [s, p] of statements) await db.query(s, p);
      await db.exec('analyze');
      counted = (await db.query<{ status: string; n: number; held: number }>(countSql, [eventId])).rows;
    } finally {
      await db.close();
    }
  }
  const byStatus = Object.fromEntries(counted.map((r) => [r.status, r.n]));
  const held = counted.reduce((s, r) => s + r.held, 0);
  const guestVisible = counted.filter((r) => r.status !== 'rejected').reduce((s, r) => s + r.n - r.held, 0);
  return { photos, devices, guestVisible, hostVisible: photos, byStatus, held };
}

export interface GalleryWalk {
  requests: number;
  pagesPerWalk: number;
  photosPerWalk: number;
  /** every walk saw the same number of photos */
  sameCountEachWalk: boolean;
  latencyMs: ReturnType<typeof summary>;
  /** the first tenth of each walk's pages (newest photos) and the last tenth (oldest): keyset paging should make them equal */
  firstTenthMs: ReturnType<typeof summary>;
  lastTenthMs: ReturnType<typeof summary>;
  bytesPerResponse: ReturnType<typeof summary>;
  /** the p95 of each walk on its own */
  p95ByWalk: (number | null)[];
}

/**
 * `GET /api/events/{code}/photos` page by page (the default 200 a page, `nextCursor`) from the newest
 * photo to the oldest, `rounds` times, as `session` (an anonymous session is a guest with the code,
 * the host's is the host): latency per request, bytes per page, pages and photos per walk. As the bench's
 * gallery phase measured it before (`measure` in run.ts).
 */
export async function walkGallery(
  session: Session,
  code: string,
  rounds: number,
  label = 'gallery',
): Promise<GalleryWalk> {
  const times: number[] = [];
  const bytes: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const counts: number[] = [];
  const p95ByWalk: (number | null)[] = [];
  let pages = 0;
  for (let r = 0; r < rounds; r++) {
    let cursor: string | null = null;
    const walk: number[] = [];
    let total = 0;
    do {
      const t = performance.now();
      const a = await session.send(
        'GET',
        `/api/events/${code}/photos${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      walk.push(performance.now() - t);
      if (a.status !== 200) throw new Error(`${label} gallery answered ${a.status}: ${a.body.slice(0, 200)}`);
      bytes.push(Buffer.byteLength(a.body));
      const body = JSON.parse(a.body) as { photos: unknown[]; nextCursor: string | null };
      total += body.photos.length;
      cursor = body.nextCursor;
    } while (cursor);
    pages = walk.length;
    counts.push(total);
    times.push(...walk);
    const tenth = Math.max(1, Math.round(walk.length / 10));
    first.push(...walk.slice(0, tenth));
    last.push(...walk.slice(-tenth));
    p95ByWalk.push(summary(walk).p95);
  }
  return {
    requests: times.length,
    pagesPerWalk: pages,
    photosPerWalk: counts[counts.length - 1] ?? 0,
    sameCountEachWalk: counts.every((c) => c === counts[0]),
    latencyMs: summary(times),
    firstTenthMs: summary(first),
    lastTenthMs: summary(last),
    bytesPerResponse: summary(bytes),
    p95ByWalk,
  };
}

/**
 * The guest gallery's query for the page after the photo `depth` photos down (0: the first page), as
 * the photos service sends it for a guest with the code after the reveal (the visibility rule's
 * condition, the keyset cursor, newest first, 201 rows), run with EXPLAIN ANALYZE on the stopped
 * server's database: the plan, and the execution time PostgreSQL reports. With `fixed`, the cursor is
 * also written as a row comparison `(created_at, id) < (…)`, the sargable form (see docs/capacity.md).
 */
export async function explainGallery(
  dataDir: string,
  eventId: string,
  depth: number,
  opts: { postgresUrl?: string; fixed?: boolean } = {},
): Promise<{ depth: number; executionMs: number | null; plan: string }> {
  const visible = `p.event_id = $1::uuid and (p.status in ('pending', 'approved') and p.processed_at is not null and p.held_at is null)`;
  const cursorAt = `select created_at, id from photos.photos p where ${visible}
      order by created_at desc, id desc offset ${Math.max(0, depth - 1)} limit 1`;
  const query = (at: string | null, id: string | null) => {
    // the cursor keeps milliseconds (encodeKeyset), as the service's does
    const after =
      at === null
        ? ''
        : opts.fixed
          ? ` and (p.created_at, p.id) < ('${at}'::timestamptz, '${id}'::uuid)`
          : ` and (p.created_at < '${at}'::timestamptz or (p.created_at = '${at}'::timestamptz and p.id < '${id}'::uuid))`;
    return `explain (analyze, buffers) select p.*,
        (select json_agg(json_build_array(r.kind, r.key, r.width, r.height, r.bytes, r.duration_ms))
           from photos.renditions r where r.photo_id = p.id) as made,
        d.anon_id, d.display_name
      from photos.photos p left join photos.devices d on d.id = p.device_id
      where ${visible}${after}
      order by p.created_at desc, p.id desc limit 201`;
  };
  type Q = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  const run = async (q: Q) => {
    let at: string | null = null;
    let id: string | null = null;
    if (depth > 0) {
      const [row] = await q(cursorAt, [eventId]);
      at = new Date(row!.created_at as string | Date).toISOString();
      id = row!.id as string;
    }
    const rows = await q(query(at, id), [eventId]);
    const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
    const m = plan.match(/Execution Time: ([0-9.]+) ms/);
    return { depth, executionMs: m ? round(Number(m[1]), 2) : null, plan };
  };
  if (opts.postgresUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: opts.postgresUrl });
    await client.connect();
    try {
      return await run(async (s, p) => (await client.query(s, p)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pg'));
  try {
    return await run(async (s, p) => (await db.query<Record<string, unknown>>(s, p)).rows);
  } finally {
    await db.close();
  }
}
