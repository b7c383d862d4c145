import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { answer, createMemoryBus, type Bus } from '@afterglow/bus';
import {
  HttpError,
  billingEntitlements,
  eventsDelete,
  eventsList,
  identitySuspend,
  notFound,
  photosList,
  type Principal,
} from '@afterglow/contracts';
import { openDatabase, type Database } from '@afterglow/db';
import { createLogger } from '@afterglow/service-kit';
import { auditLog } from '../adapters/schema';
import { AuditLog } from './audit';
import { BackOffice } from './back-office';
import { AdminEvents } from './events';
import { AdminUsers } from './users';

const admin: Principal = { userId: randomUUID(), email: 'admin@example.test', isAdmin: true };

/** The back office against stand-ins for identity, billing and events on a real in-memory bus. */
describe('the back office', () => {
  let database: Database;
  let bus: Bus;
  let users: AdminUsers;
  let events: AdminEvents;
  const accounts = new Map<string, boolean>();
  const liveEvents = new Set<string>();
  const asked: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await database.migrate('admin');
    bus = createMemoryBus();
    const audit = new AuditLog(database.db, createLogger('test', 'silent'));
    users = new AdminUsers(bus, audit);
    events = new AdminEvents(bus, audit);
    await answer(bus, identitySuspend, async ({ userId, suspended }) => {
      asked.push(`identity ${userId}`);
      if (!accounts.has(userId)) return { user: null };
      accounts.set(userId, suspended);
      return {
        user: {
          id: userId,
          email: 'member@example.test',
          firstName: 'Mem',
          lastName: null,
          isSuspended: suspended,
          createdAt: '2025-01-02T03:04:05.000Z',
        },
      };
    });
    await answer(bus, eventsList, async ({ ids = [] }) => ({
      events: ids
        .filter((id) => liveEvents.has(id))
        .map((id) => ({
          id,
          name: 'Garden party',
          code: 'ABC234',
          hostId: 'host',
          plan: 'free',
          startsAt: '2025-01-02T03:04:05.000Z',
          endsAt: '2025-01-02T05:04:05.000Z',
        })),
      nextCursor: null,
    }));
    await answer(bus, eventsDelete, async ({ eventId }) => {
      if (!liveEvents.delete(eventId)) throw notFound('Event not found', 'event_not_found');
      return { deleted: true as const };
    });
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  const entries = async () =>
    (await database.db.select().from(auditLog)).map((r) => [r.actorId, r.action, r.targetId, r.reason]);

  it("suspends with the account's plan as billing has it, and writes who, what and why", async () => {
    const billing = await answer(bus, billingEntitlements, async ({ accountId }) => ({
      accountId,
      plan: 'pro' as const,
      since: null,
      until: null,
      photosPerEvent: 2000,
      guestsPerEvent: null,
      eventsPerPlan: 1,
      hostingDays: 90,
      storageMb: 10240,
      watermark: false,
      zipExport: true,
      publicGallery: true,
      liveSlideshow: true,
      aiFilter: false,
    }));
    const id = randomUUID();
    accounts.set(id, false);
    expect(await users.suspend(admin, id, 'Admin action')).toEqual({
      id,
      email: 'member@example.test',
      firstName: 'Mem',
      lastName: null,
      plan: 'pro',
      isSuspended: true,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(accounts.get(id)).toBe(true);
    expect((await users.unsuspend(admin, id)).isSuspended).toBe(false);
    await expect(users.unsuspend(admin, randomUUID())).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
    await expect(users.suspend(admin, admin.userId, 'x')).rejects.toMatchObject({
      status: 409,
      code: 'cannot_suspend_self',
    });
    expect(await entries()).toEqual([
      [admin.userId, 'user.suspended', id, 'Admin action'],
      [admin.userId, 'user.unsuspended', id, null],
    ]);
    await billing.stop();
  });

  it('leaves the account as it was when billing cannot answer', async () => {
    const id = randomUUID();
    accounts.set(id, false);
    asked.length = 0;
    const err = await users.suspend(admin, id, 'Admin action').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 503, code: 'no_responders' });
    expect(asked).toEqual([]);
    expect(accounts.get(id)).toBe(false);
  });

  it('deletes an event through the events service, and only an existing one', async () => {
    const eventId = randomUUID();
    liveEvents.add(eventId);
    const before = (await entries()).length;
    await events.delete(admin, eventId, 'Admin deletion');
    expect(liveEvents.has(eventId)).toBe(false);
    await expect(events.delete(admin, eventId, 'Admin deletion')).rejects.toMatchObject({
      status: 404,
      code: 'event_not_found',
      message: 'Event not found',
    });
    expect((await entries()).slice(before)).toEqual([
      [admin.userId, 'event.deleted', eventId, 'Admin deletion'],
    ]);
    const [last] = await database.db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
    expect(last?.targetLabel).toBe('Garden party (ABC234)');
  });

  it("asks photos for one kind of capture when the Photos tab's kind filter names one", async () => {
    const eventId = randomUUID();
    liveEvents.add(eventId);
    const lists: unknown[] = [];
    const photos = await answer(bus, photosList, async (q) => {
      lists.push(q);
      return {
        photos: [
          {
            id: randomUUID(),
            eventId,
            kind: q.kind ?? 'photo',
            caption: null,
            thumbUrl: '/poster.jpg',
            deviceName: null,
            status: 'pending' as const,
            flagCount: 0,
            flagReason: null,
            held: false,
            safetyScore: null,
            createdAt: '2025-01-02T03:04:05.000Z',
          },
        ],
        nextCursor: null,
      };
    });
    const office = new BackOffice(bus, new AuditLog(database.db, createLogger('test', 'silent')));
    const page = await office.photos({ filter: 'pending', kind: 'clip', limit: 25 });
    expect(page.items).toMatchObject([{ kind: 'clip', eventName: 'Garden party', eventCode: 'ABC234' }]);
    await office.photos({ filter: 'all', limit: 25 });
    expect(lists).toEqual([
      { filter: 'pending', kind: 'clip', limit: 25 },
      { filter: 'all', limit: 25 },
    ]);
    await photos.stop();
  });
});
