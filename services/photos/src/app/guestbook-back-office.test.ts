import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answer, ask } from '@afterglow/bus';
import { guestbookAudioKey, photosGuestbookList, photosGuestbookModerate } from '@afterglow/contracts';
import { guestbookEntries, guestbookReports, type DeviceRow, type GuestbookRow } from '../adapters/schema';
import { person, useWorld } from '../test-support/world';

/**
 * The back office's view of the guestbook (ADRs 028, 034) on real adapters (PGlite, the filesystem
 * store), asked over the bus as the admin service asks it: entries of every event with the status and
 * held filters, the search and pages; an admin's approve, reject and delete.
 */
describe("the back office's guestbook (PGlite, filesystem store)", () => {
  const w = useWorld();
  const at = (s: number) => new Date(Date.now() - s * 1000);

  const entry = async (d: DeviceRow, over: Partial<GuestbookRow> = {}): Promise<GuestbookRow> => {
    const [row] = await w.db
      .insert(guestbookEntries)
      .values({ id: randomUUID(), eventId: d.eventId, deviceId: d.id, kind: 'text', text: 'Hi', ...over })
      .returning();
    return row!;
  };
  /** The questions answered as the photos module answers them (module.ts). */
  const answering = async () => {
    const list = await answer(w.bus, photosGuestbookList, (q) => w.app.guestbookBackOffice.list(q));
    const moderate = await answer(w.bus, photosGuestbookModerate, (q) =>
      w.app.guestbookBackOffice.moderate(q),
    );
    return { stop: () => Promise.all([list.stop(), moderate.stop()]) };
  };

  it('lists the entries of every event newest first, by status, held, search and page', async () => {
    const served = await answering();
    const [e1, e2] = [w.event({ name: 'Garden party' }), w.event()];
    const gina = await w.device(e1, { displayName: 'Gina Lollo' });
    const tom = await w.device(e2, { displayName: 'Tom' });
    const id = randomUUID();
    const audioKey = guestbookAudioKey(e2.id, id, 'webm');
    const voice = await entry(tom, {
      id,
      kind: 'voice',
      text: null,
      audioKey,
      audioBytes: 100,
      durationMs: 4200,
      createdAt: at(1),
      reportCount: 3,
      heldAt: new Date(),
    });
    const rejected = await entry(tom, { text: 'Rude words', status: 'rejected', createdAt: at(2) });
    const approved = await entry(gina, { text: 'Congratulations!', status: 'approved', createdAt: at(3) });
    const pending = await entry(gina, { text: 'See you soon', createdAt: at(4) });
    const ids = async (q: Omit<Parameters<typeof w.app.guestbookBackOffice.list>[0], 'limit'> = {}) =>
      (await ask(w.bus, photosGuestbookList, { limit: 50, ...q })).entries
        .map((x) => x.id)
        .filter((x) => [voice.id, rejected.id, approved.id, pending.id].includes(x));

    const all = await ask(w.bus, photosGuestbookList, { limit: 50 });
    const mine = all.entries.filter((x) => x.eventId === e1.id || x.eventId === e2.id);
    expect(mine.map((x) => x.id)).toEqual([voice.id, rejected.id, approved.id, pending.id]);
    expect(mine[0]).toEqual({
      id: voice.id,
      eventId: e2.id,
      kind: 'voice',
      text: null,
      audioUrl: expect.stringContaining(`${id}.webm`),
      durationMs: 4200,
      deviceName: 'Tom',
      author: 'Tom',
      status: 'pending',
      reportCount: 3,
      held: true,
      createdAt: voice.createdAt.toISOString(),
    });
    // the recording is signed as a photo's thumbnail is: the link opens it, for a while
    const url = new URL(mine[0]!.audioUrl!, 'http://x');
    expect(
      w.signer.verify(audioKey, url.searchParams.get('exp') ?? '', url.searchParams.get('sig') ?? ''),
    ).toBe(true);
    expect(mine[3]).toMatchObject({
      kind: 'text',
      text: 'See you soon',
      audioUrl: null,
      author: 'Gina Lollo',
    });

    expect(await ids({ filter: 'pending' })).toEqual([voice.id, pending.id]);
    expect(await ids({ filter: 'approved' })).toEqual([approved.id]);
    expect(await ids({ filter: 'rejected' })).toEqual([rejected.id]);
    expect(await ids({ filter: 'held' })).toEqual([voice.id]);
    // the search finds the text and the guest's name, and with `orEventIds` every entry of those events
    expect(await ids({ search: 'congrat' })).toEqual([approved.id]);
    expect(await ids({ search: 'lollo' })).toEqual([approved.id, pending.id]);
    expect(await ids({ search: 'lollo', filter: 'pending' })).toEqual([pending.id]);
    expect(await ids({ search: 'nowhere', orEventIds: [e2.id] })).toEqual([voice.id, rejected.id]);

    // a page goes on where the last ended
    const first = await ask(w.bus, photosGuestbookList, {
      limit: 2,
      search: 'nowhere',
      orEventIds: [e1.id, e2.id],
    });
    expect(first.entries.map((x) => x.id)).toEqual([voice.id, rejected.id]);
    const second = await ask(w.bus, photosGuestbookList, {
      limit: 2,
      search: 'o',
      orEventIds: [e1.id, e2.id],
      cursor: first.nextCursor!,
    });
    expect(second.entries.map((x) => x.id)).toEqual([approved.id, pending.id]);
    await served.stop();
  });

  it('walks entries written within one millisecond page by page, skipping none', async () => {
    const served = await answering();
    const e = w.event({ name: 'One millisecond' });
    const d = await w.device(e);
    // written by the database's clock, microseconds apart: the column keeps the milliseconds a cursor
    // carries, so none falls between a page's last entry and the next page
    const written: string[] = [];
    for (let i = 0; i < 7; i++) {
      const row = await entry(d, { text: `Entry ${i}` });
      written.push(row.id);
    }
    const ms = new Date('2026-11-27T12:00:00.123Z');
    for (const [i, id] of written.entries())
      await w.db.execute(
        sql`update photos.guestbook_entries set created_at = ${ms.toISOString()}::timestamptz + ${`${i * 100} microseconds`}::interval where id = ${id}`,
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ask(w.bus, photosGuestbookList, {
        limit: 2,
        orEventIds: [e.id],
        search: 'nowhere',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.entries.map((x) => x.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual([...written].sort());
    await served.stop();
  });

  it('approves, rejects and deletes as the host would, releasing a hold; deleting takes the recording', async () => {
    const served = await answering();
    const e = w.event();
    const d = await w.device(e);
    const by = person(true).userId;
    const moderate = (entryId: string, action: 'approve' | 'reject' | 'delete') =>
      ask(w.bus, photosGuestbookModerate, { entryId, action, by });

    const held = await entry(d, { reportCount: 2, heldAt: new Date() });
    expect(await moderate(held.id, 'approve')).toEqual({
      id: held.id,
      eventId: e.id,
      status: 'approved',
      held: false,
      deleted: false,
    });
    expect(await moderate(held.id, 'reject')).toMatchObject({ status: 'rejected', held: false });
    const [after] = await w.db.select().from(guestbookEntries).where(eq(guestbookEntries.id, held.id));
    expect(after).toMatchObject({ status: 'rejected', heldAt: null, reportsReviewed: 2 });

    const id = randomUUID();
    const audioKey = guestbookAudioKey(e.id, id, 'ogg');
    await w.store.put(audioKey, Buffer.alloc(100, 1), { contentType: 'audio/ogg' });
    const voice = await entry(d, {
      id,
      kind: 'voice',
      text: null,
      audioKey,
      audioBytes: 100,
      durationMs: 900,
    });
    await w.db.insert(guestbookReports).values({ entryId: id, deviceId: d.id, reason: 'other' });
    expect(await moderate(id, 'delete')).toEqual({
      id,
      eventId: e.id,
      status: null,
      held: false,
      deleted: true,
    });
    expect(await w.db.select().from(guestbookEntries).where(eq(guestbookEntries.id, voice.id))).toEqual([]);
    expect(await w.db.select().from(guestbookReports).where(eq(guestbookReports.entryId, id))).toEqual([]);
    expect(await w.store.head(audioKey)).toBeNull();

    // an entry that is gone (or never was) is a 404 with the guestbook's code
    for (const action of ['approve', 'delete'] as const)
      await expect(moderate(id, action)).rejects.toMatchObject({
        status: 404,
        code: 'guestbook_entry_not_found',
      });
    await served.stop();
  });
});
