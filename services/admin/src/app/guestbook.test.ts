import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createMemoryBus, type Bus } from '@afterglow/bus';
import {
  PROBLEM_TYPE,
  eventsList,
  notFound,
  photosGuestbookList,
  photosGuestbookModerate,
  type Principal,
  type RpcRequest,
} from '@afterglow/contracts';
import { openDatabase, type Database } from '@afterglow/db';
import {
  PRINCIPAL_HEADER,
  createLogger,
  problemHandler,
  signPrincipal,
  type BaseConfig,
} from '@afterglow/service-kit';
import { auditLog } from '../adapters/schema';
import { adminRouter } from '../http/routes';
import { AuditLog } from './audit';
import { BackOffice } from './back-office';
import { AdminEvents } from './events';
import { AdminGuestbook } from './guestbook';
import { AdminUsers } from './users';

const admin: Principal = { userId: randomUUID(), email: 'admin@example.test', isAdmin: true };
const member: Principal = { userId: randomUUID(), email: 'host@example.test', isAdmin: false };

/**
 * The Guestbook tab's routes (ADRs 028, 034) over HTTP, with photos and events stood in for on a real
 * in-memory bus and the audit log on PGlite: admins only, problem+json refusals, the rows completed
 * with their events, every decision in the audit log.
 */
describe('the back office’s guestbook routes', () => {
  const secret = randomBytes(32);
  let database: Database;
  let bus: Bus;
  let base = '';
  let close = () => {};
  const eventId = randomUUID();
  const goneEventId = randomUUID();
  const lists: RpcRequest<typeof photosGuestbookList>[] = [];
  const decisions: RpcRequest<typeof photosGuestbookModerate>[] = [];
  /** the entries photos knows, by id */
  const known = new Map<string, string>();

  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await database.migrate('admin');
    bus = createMemoryBus();
    await answer(bus, eventsList, async ({ ids, search }) => ({
      events: [
        {
          id: eventId,
          name: 'Garden party',
          code: 'ABC234',
          hostId: 'host',
          plan: 'free',
          startsAt: '2025-01-02T03:04:05.000Z',
          endsAt: '2025-01-02T05:04:05.000Z',
        },
      ].filter((e) => (ids ? ids.includes(e.id) : search?.toLowerCase() === 'garden')),
      nextCursor: null,
    }));
    await answer(bus, photosGuestbookList, async (q) => {
      lists.push(q);
      const entry = (id: string, on: string, over: object = {}) => ({
        id,
        eventId: on,
        kind: 'text' as const,
        text: 'Congratulations!',
        audioUrl: null,
        durationMs: null,
        deviceName: 'Gina',
        author: 'Gina',
        status: 'pending' as const,
        reportCount: 0,
        held: false,
        createdAt: '2025-01-02T03:04:05.000Z',
        ...over,
      });
      return {
        entries: [
          entry(randomUUID(), eventId, {
            kind: 'voice',
            text: null,
            audioUrl: '/uploads/voice.webm?exp=1&sig=x',
            durationMs: 4200,
            reportCount: 3,
            held: true,
          }),
          entry(randomUUID(), goneEventId),
        ],
        nextCursor: 'next-page',
      };
    });
    await answer(bus, photosGuestbookModerate, async (r) => {
      decisions.push(r);
      const on = known.get(r.entryId);
      if (!on) throw notFound('Message not found', 'guestbook_entry_not_found');
      if (r.action === 'delete') known.delete(r.entryId);
      return {
        id: r.entryId,
        eventId: on,
        status:
          r.action === 'delete'
            ? null
            : r.action === 'approve'
              ? ('approved' as const)
              : ('rejected' as const),
        held: false,
        deleted: r.action === 'delete',
      };
    });
    const audit = new AuditLog(database.db, createLogger('test', 'silent'));
    const app = express();
    app.use(
      adminRouter({
        users: new AdminUsers(bus, audit),
        events: new AdminEvents(bus, audit),
        office: new BackOffice(bus, audit),
        guestbook: new AdminGuestbook(bus, audit),
        bus,
        secret,
        config: {} as BaseConfig,
        mode: 'test',
      }),
    );
    app.use(problemHandler(createLogger('test', 'silent')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await bus.close();
    await database.close();
  });

  const as = (p: Principal | null): Record<string, string> =>
    p ? { [PRINCIPAL_HEADER]: signPrincipal(secret, p) } : {};
  const list = (query: string, p: Principal | null = admin) =>
    fetch(`${base}/api/admin/guestbook${query}`, { headers: as(p) });
  const moderate = (id: string, body: unknown, p: Principal | null = admin) =>
    fetch(`${base}/api/admin/guestbook/${id}/moderate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...as(p) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const problemOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toContain(PROBLEM_TYPE);
    return (await res.json()) as { status: number; code: string; detail: string; errors?: unknown[] };
  };
  const audited = async () =>
    (await database.db.select().from(auditLog)).map((r) => [
      r.actorId,
      r.actorRole,
      r.action,
      r.targetId,
      r.targetLabel,
    ]);

  it('lists entries with their events, asking photos with the search, the filter and the page', async () => {
    const res = await list('?search=Garden&filter=held&cursor=abc&limit=10');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.json();
    expect(page.nextCursor).toBe('next-page');
    expect(page.items).toMatchObject([
      {
        kind: 'voice',
        audioUrl: '/uploads/voice.webm?exp=1&sig=x',
        durationMs: 4200,
        eventName: 'Garden party',
        eventCode: 'ABC234',
        reportCount: 3,
        held: true,
      },
      { kind: 'text', text: 'Congratulations!', author: 'Gina', eventName: null, eventCode: null },
    ]);
    // the search also names the entries of the events it finds (their name or code)
    expect(lists.at(-1)).toEqual({
      limit: 10,
      filter: 'held',
      search: 'Garden',
      orEventIds: [eventId],
      cursor: 'abc',
    });
    await list('');
    expect(lists.at(-1)).toEqual({ limit: 25, filter: 'all' });
  });

  it('refuses anyone but an admin, and queries it cannot read, as problem+json', async () => {
    const anonymous = await list('', null);
    expect(anonymous.status).toBe(401);
    expect((await problemOf(anonymous)).code).toBe('unauthorized');
    const host = await list('', member);
    expect(host.status).toBe(403);
    expect((await problemOf(host)).code).toBe('admin_required');
    for (const query of ['?filter=flagged', '?limit=0', '?limit=101', `?search=${'x'.repeat(101)}`]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((await problemOf(res)).errors?.length, query).toBeGreaterThan(0);
    }
  });

  it('approves, rejects and deletes, each in the audit log with the entry’s event', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    known.set(a, eventId).set(b, goneEventId);
    const before = (await audited()).length;
    const approved = await moderate(a, { action: 'approve' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({
      id: a,
      eventId,
      status: 'approved',
      held: false,
      deleted: false,
    });
    expect((await moderate(a, { action: 'reject' })).status).toBe(200);
    const deleted = await moderate(b, { action: 'delete' });
    expect(await deleted.json()).toMatchObject({ id: b, status: null, deleted: true });
    expect(decisions.slice(-3)).toEqual([
      { entryId: a, action: 'approve', by: admin.userId },
      { entryId: a, action: 'reject', by: admin.userId },
      { entryId: b, action: 'delete', by: admin.userId },
    ]);
    expect((await audited()).slice(before)).toEqual([
      [admin.userId, 'admin', 'guestbook.approved', a, 'Message in Garden party (ABC234)'],
      [admin.userId, 'admin', 'guestbook.rejected', a, 'Message in Garden party (ABC234)'],
      // its event is gone: the entry is named by nothing
      [admin.userId, 'admin', 'guestbook.deleted', b, null],
    ]);
  });

  it('refuses non-admins, bad ids and bodies, and unknown entries, recording nothing', async () => {
    const id = randomUUID();
    known.set(id, eventId);
    const before = (await audited()).length;
    const asked = decisions.length;
    const anonymous = await moderate(id, { action: 'approve' }, null);
    expect(anonymous.status).toBe(401);
    expect((await problemOf(anonymous)).code).toBe('unauthorized');
    const host = await moderate(id, { action: 'delete' }, member);
    expect(host.status).toBe(403);
    expect((await problemOf(host)).code).toBe('admin_required');
    for (const body of [{}, { action: 'flag' }, { action: 'DELETE' }, { action: ['delete'] }, '{not json']) {
      const res = await moderate(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      await problemOf(res);
    }
    const badId = await moderate('not-a-uuid', { action: 'approve' });
    expect(badId.status).toBe(400);
    expect((await problemOf(badId)).errors).toMatchObject([{ message: 'id must be a UUID' }]);
    expect(decisions.length).toBe(asked);

    const unknown = await moderate(randomUUID(), { action: 'approve' });
    expect(unknown.status).toBe(404);
    expect(await problemOf(unknown)).toMatchObject({ code: 'guestbook_entry_not_found' });
    expect((await audited()).length).toBe(before);
    expect(known.has(id)).toBe(true);
  });
});
