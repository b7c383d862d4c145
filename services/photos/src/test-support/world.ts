import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { BusMessage } from '@afterglow/bus';
import { answer } from '@afterglow/bus';
import {
  billingEntitlements,
  eventsGet,
  liveNotice,
  type Entitlements,
  type EventRecord,
  type LiveNotice,
  type Principal,
} from '@afterglow/contracts';
import { OutboxRelay } from '@afterglow/db';
import { testAdapters } from '@afterglow/service-kit/test-support/adapters';
import type { ObjectStore } from '@afterglow/storage';
import { devices, outbox, photos, renditions, type DeviceRow, type PhotoRow } from '../adapters/schema';
import { EventsClient } from '../app/events-client';
import { photosApp } from '../app/photos';

/**
 * The photos service's use cases over real adapters (PGlite with its migrations, the in-memory bus,
 * the filesystem store), with the events service stood in for by a bus replier over records the test
 * makes. For the `*.test.ts` files beside it.
 */

export const person = (isAdmin = false): Principal => {
  const userId = randomUUID();
  return { userId, email: `${userId}@example.test`, isAdmin };
};

export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

export const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();

export async function photosWorld(
  opts: {
    store?: (s: ObjectStore) => ObjectStore;
    databaseUrl?: string;
    /** false: the test answers for billing itself */
    billing?: boolean;
  } = {},
) {
  const t = await testAdapters(['photos'], {}, { databaseUrl: opts.databaseUrl });
  const db = t.database.db;
  const store = opts.store ? opts.store(t.store) : t.store;
  const known = new Map<string, EventRecord>();
  await answer(t.bus, eventsGet, async (r) => {
    if ('slug' in r) return [...known.values()].find((e) => e.slug === r.slug) ?? null;
    const key = r.idOrCode.toLowerCase();
    return [...known.values()].find((e) => e.id === key || e.code.toLowerCase() === key) ?? null;
  });
  // billing stood in for: every host on a free-like plan unless a test says otherwise (`plans`)
  const plans = new Map<string, Partial<Entitlements>>();
  if (opts.billing !== false)
    await answer(t.bus, billingEntitlements, async ({ accountId }): Promise<Entitlements> => ({
      accountId,
      plan: 'free' as const,
      since: null,
      until: null,
      photosPerEvent: 50,
      guestsPerEvent: 20,
      eventsPerPlan: 1,
      hostingDays: 7,
      storageMb: 500,
      watermark: true,
      zipExport: false,
      publicGallery: false,
      qrKit: false,
      liveSlideshow: true,
      aiFilter: false,
      clipSeconds: 0,
      voiceGuestbook: false,
      findMe: false,
      ...plans.get(accountId),
    }));
  // no cache: a test that changes an event sees the change at once
  const events = new EventsClient(t.bus, 0);
  await events.start();
  const relay = new OutboxRelay(db, outbox, t.bus, t.logger, 50);
  relay.start();
  const app = photosApp({
    db,
    grouped: (q, key) => t.database.grouped(q, key),
    bus: t.bus,
    store,
    signer: t.signer,
    events,
    relay,
  });
  const notices: LiveNotice[] = [];
  await t.bus.subscribe<LiveNotice>(liveNotice.subject, (m) => void notices.push(m.data));
  const facts: BusMessage[] = [];
  await t.bus.subscribe('photo.>', (m) => void facts.push(m));
  const host = person();

  return {
    ...t,
    store,
    db,
    app,
    events,
    relay,
    host,
    /** what billing answers for a host, over the free-like default (set before the host's first ask: answers are kept 30 s) */
    plans,
    notices,
    facts,
    /** Facts of this subject published so far, once the outbox has sent them. */
    async published(subject: string, n = 1) {
      for (let i = 0; i < 100 && facts.filter((f) => f.subject === subject).length < n; i++)
        await new Promise((r) => setTimeout(r, 20));
      return facts.filter((f) => f.subject === subject).map((f) => f.data as Record<string, unknown>);
    },
    /** An event of `host` (by default started an hour ago, ending in three, no reveal time, not live). */
    event(over: Partial<EventRecord> = {}): EventRecord {
      const id = randomUUID();
      const e: EventRecord = {
        id,
        code: id.replace(/-/g, '').slice(0, 6).toUpperCase(),
        slug: `event-${id.slice(0, 8)}`,
        name: 'Anna & Ben',
        hostId: host.userId,
        plan: 'free',
        createdAt: isoIn(-3600_000),
        startsAt: isoIn(-3600_000),
        endsAt: isoIn(3 * 3600_000),
        revealAt: null,
        timezone: 'UTC',
        liveMode: false,
        maxShotsPerDevice: 12,
        shotCount: 12,
        filmMode: false,
        filmPreset: 'classic',
        noRetakes: false,
        allowCaptions: true,
        allowClips: false,
        clipSeconds: 10,
        findMe: false,
        isPublic: false,
        shareDescription: null,
        colorMood: 'warm',
        primaryColor: '#000000',
        accentColor: '#ffffff',
        backgroundGradient: 'none',
        maxPhotos: 100,
        maxGuests: null,
        reportThreshold: 3,
        language: 'en',
        ...over,
      };
      known.set(e.id, e);
      return e;
    },
    /** A guest's device, straight into the table. */
    async device(e: EventRecord, over: Partial<DeviceRow> = {}): Promise<DeviceRow> {
      const [d] = await db
        .insert(devices)
        .values({ eventId: e.id, anonId: randomUUID(), displayName: 'Guest', ...over })
        .returning();
      return d!;
    },
    /** A photo row (developed: with its two renditions), straight into the tables. */
    async photo(d: DeviceRow, over: Partial<PhotoRow> & { developed?: boolean } = {}): Promise<PhotoRow> {
      const { developed = true, ...rest } = over;
      const id = randomUUID();
      const [p] = await db
        .insert(photos)
        .values({
          id,
          eventId: d.eventId,
          deviceId: d.id,
          originalKey: `events/${d.eventId}/originals/${id}.jpg`,
          width: 4000,
          height: 3000,
          bytes: 1000,
          processedAt: developed ? new Date() : null,
          ...rest,
        })
        .returning();
      if (developed)
        await db.insert(renditions).values(
          ['thumb', 'display'].map((kind) => ({
            photoId: id,
            kind,
            key: `events/${d.eventId}/renditions/${id}/${kind}.jpg`,
            width: kind === 'thumb' ? 400 : 1600,
            height: kind === 'thumb' ? 300 : 1200,
            bytes: 10,
          })),
        );
      return p!;
    },
    async close() {
      await relay.stop();
      app.uploads.stop();
      await events.stop();
      await t.close();
    },
  };
}
export type PhotosWorld = Awaited<ReturnType<typeof photosWorld>>;

/** The world of the enclosing `describe`: made before its tests, closed after them. */
export function useWorld(opts: Parameters<typeof photosWorld>[0] = {}): PhotosWorld {
  let world: PhotosWorld | undefined;
  beforeAll(async () => {
    world = await photosWorld(opts);
  });
  afterAll(() => world?.close());
  return new Proxy({} as PhotosWorld, {
    get: (_, key) => (world as unknown as Record<string | symbol, unknown>)[key],
  });
}
