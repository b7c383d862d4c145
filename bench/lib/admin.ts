import { join } from 'node:path';
import type { Session } from './client';
import { summary } from './stats';

/**
 * The back office at scale (ADR 028): a platform of `users` accounts, `events` events (a tenth of them
 * upcoming, a tenth ended), `photos` photos over 20 guests an event (mixed statuses, 1 % flagged, every
 * photo developed with a thumb and a display rendition) and a tenth of the accounts on a paid plan,
 * written straight into the stopped server's database: seeding them through the API would take an
 * hour here and measure ingest, not the back office.
 */
export interface PlatformSize {
  users: number;
  events: number;
  photos: number;
}

const GUESTS_PER_EVENT = 20;

/** A version-4-shaped UUID made from a text, in SQL (the contracts accept RFC 4122 UUIDs only). */
const id = (text: string) =>
  `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

export async function seedPlatform(dataDir: string, size: PlatformSize, postgresUrl?: string): Promise<void> {
  const statements = [
    `insert into identity.users (id, subject, email, first_name, last_name, created_at, last_login_at)
       select ${id(`'u' || i`)}, 'bench|' || i, 'member-' || i || '@bench.test', 'Member', 'Number ' || i,
              now() - (i || ' minutes')::interval, now()
       from generate_series(1, ${size.users}) i`,
    `insert into billing.account_plans (user_id, plan, since)
       select ${id(`'u' || i`)}::text, (array['basic','pro','max'])[1 + i % 3], now()
       from generate_series(1, ${size.users}) i where i % 10 = 0`,
    `insert into events.events (id, code, slug, name, host_id, plan, starts_at, ends_at, reveal_at,
         primary_color, accent_color, background_gradient, max_photos)
       select ${id(`'e' || i`)}, upper(substr(md5('code' || i), 1, 6)), 'bench-event-' || i,
              'Bench party ' || i, ${id(`'u' || (1 + i % ${size.users})`)}::text, 'max',
              case when i % 10 = 0 then now() + interval '2 days'
                   when i % 10 = 1 then now() - interval '5 days' else now() - interval '1 hour' end,
              case when i % 10 = 0 then now() + interval '3 days'
                   when i % 10 = 1 then now() - interval '4 days' else now() + interval '5 hours' end,
              null, '#d97706', '#f59e0b', 'linear-gradient(135deg, #fde68a, #f59e0b)', 5000
       from generate_series(1, ${size.events}) i`,
    `insert into photos.devices (id, event_id, anon_id, display_name)
       select ${id(`'d' || e || '-' || g`)}, ${id(`'e' || e`)}, ${id(`'a' || e || '-' || g`)},
              case when g % 4 = 0 then null else 'Guest ' || g end
       from generate_series(1, ${size.events}) e, generate_series(1, ${GUESTS_PER_EVENT}) g`,
    `insert into photos.photos (id, event_id, device_id, caption, status, flag_count, flag_reason,
         original_key, width, height, bytes, created_at, processed_at)
       select ${id(`'p' || i`)}, ${id(`'e' || (1 + i % ${size.events})`)},
              ${id(`'d' || (1 + i % ${size.events}) || '-' || (1 + (i / ${size.events}) % ${GUESTS_PER_EVENT})`)},
              case when i % 3 = 0 then 'Caption number ' || i else null end,
              (array['pending','approved','approved','rejected'])[1 + i % 4],
              case when i % 100 = 0 then 1 else 0 end, case when i % 100 = 0 then 'Needs review' else null end,
              'events/x/originals/' || i || '.jpg', 1920, 1080, 250000,
              now() - (i || ' seconds')::interval, now()
       from generate_series(1, ${size.photos}) i`,
    `insert into photos.renditions (photo_id, kind, key, width, height, bytes)
       select ${id(`'p' || i`)}, k, 'events/x/renditions/' || i || '/' || k || '.jpg',
              case when k = 'thumb' then 400 else 1600 end, case when k = 'thumb' then 225 else 900 end, 30000
       from generate_series(1, ${size.photos}) i, unnest(array['thumb','display']) k`,
    `analyze`,
  ];
  if (postgresUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pg'));
  try {
    for (const s of statements) await db.exec(s);
  } finally {
    await db.close();
  }
}

/** The pages an admin walks: each list under each filter, with and without a search. */
const WALKS: { list: string; query: string }[] = [
  ...['all', 'active', 'suspended', 'premium'].map((f) => ({ list: 'users', query: `filter=${f}` })),
  { list: 'users', query: 'filter=all&search=number%201' },
  ...['all', 'active', 'upcoming', 'ended'].map((f) => ({ list: 'events', query: `filter=${f}` })),
  { list: 'events', query: 'filter=all&search=party%2012' },
  ...['all', 'pending', 'flagged', 'approved', 'rejected'].map((f) => ({
    list: 'photos',
    query: `filter=${f}`,
  })),
  { list: 'photos', query: 'filter=all&search=caption%20number%2099' },
];

/**
 * Walks `pages` pages (25 rows, the dashboard's page) of every list under every filter, `rounds`
 * times, and the stat cards: latency per request, by list.
 */
export async function measureAdminLists(admin: Session, pages: number, rounds: number) {
  const times: Record<string, number[]> = { users: [], events: [], photos: [], stats: [] };
  const perWalk: Record<string, number[]> = {};
  let rows = 0;
  // one untimed first page of each list: the process's first query plans and caches are not a page
  for (const list of ['users', 'events', 'photos']) await admin.send('GET', `/api/admin/${list}`);
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    const s = await admin.send('GET', '/api/admin/stats');
    times.stats!.push(performance.now() - t);
    if (s.status !== 200) throw new Error(`admin stats answered ${s.status}: ${s.body}`);
    for (const w of WALKS) {
      let cursor: string | null = null;
      for (let p = 0; p < pages; p++) {
        t = performance.now();
        const a = await admin.send(
          'GET',
          `/api/admin/${w.list}?${w.query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        const ms = performance.now() - t;
        times[w.list]!.push(ms);
        (perWalk[`${w.list}?${w.query}`] ??= []).push(ms);
        if (a.status !== 200) throw new Error(`admin ${w.list}?${w.query} answered ${a.status}: ${a.body}`);
        const body = JSON.parse(a.body) as { items: unknown[]; nextCursor: string | null };
        rows += body.items.length;
        cursor = body.nextCursor;
        if (!cursor) break;
      }
    }
  }
  const by = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)]));
  return {
    requests: Object.values(times).reduce((n, v) => n + v.length, 0),
    rows,
    latencyMs: by,
    p95ByWalk: Object.fromEntries(Object.entries(perWalk).map(([k, v]) => [k, summary(v).p95])),
  };
}
