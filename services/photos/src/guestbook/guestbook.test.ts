import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GUESTBOOK_CSV_NAME,
  GUESTBOOK_STATUSES,
  guestbookAudioKey,
  type EventRecord,
} from '@afterglow/contracts';
import { guestbookEntries, type DeviceRow, type GuestbookRow } from '../adapters/schema';
import { Exports } from '../app/export';
import { entriesVisibleTo, entryScopeWhere, forShowing, inScope, type Viewer } from '../app/visibility';
import { isoIn, person, useWorld } from '../test-support/world';
import { readZip } from '../test-support/zip-reader';

/**
 * The guestbook's rules on real adapters (PGlite, the filesystem store): who sees which entry (the
 * predicate and the SQL condition agree, as they do for photos), and the export's parts with voice
 * messages in them, sized exactly before a byte is read.
 */
describe('the guestbook (PGlite, filesystem store)', () => {
  const w = useWorld();

  const entry = async (d: DeviceRow, over: Partial<GuestbookRow> = {}): Promise<GuestbookRow> => {
    const [row] = await w.db
      .insert(guestbookEntries)
      .values({ id: randomUUID(), eventId: d.eventId, deviceId: d.id, kind: 'text', text: 'Hi', ...over })
      .returning();
    return row!;
  };

  describe('who sees which entry', () => {
    let e: EventRecord;
    let author: DeviceRow;
    let reader: DeviceRow;
    let rows: GuestbookRow[];
    beforeAll(async () => {
      e = w.event();
      [author, reader] = [await w.device(e), await w.device(e)];
      const elsewhere = await w.device(w.event());
      rows = [];
      for (const d of [author!, reader!, elsewhere])
        for (const status of GUESTBOOK_STATUSES)
          for (const heldAt of [null, new Date()]) rows.push(await entry(d, { status, heldAt }));
    });
    const viewers = (): [string, Viewer][] => [
      ['the host', { principal: w.host }],
      ['an admin', { principal: person(true) }],
      ['anyone with the code', {}],
      ['a signed-in stranger', { principal: person() }],
      ['the author', { deviceId: author.id }],
      ['the public', { public: true }],
    ];
    const variants = () =>
      [null, isoIn(3600_000), isoIn(-60_000)].flatMap((revealAt) =>
        [false, true].map((liveMode) => ({ ...e, revealAt, liveMode, isPublic: true })),
      );

    it('agrees in SQL and in the predicate, on every viewer, reveal, live mode, status and hold', async () => {
      let compared = 0;
      for (const v of variants())
        for (const [who, viewer] of viewers())
          for (const scope of [entriesVisibleTo(v, viewer)].flatMap((s) => [s, forShowing(s)])) {
            const bySql = (
              await w.db
                .select({ id: guestbookEntries.id })
                .from(guestbookEntries)
                .where(entryScopeWhere(scope))
            )
              .map((r) => r.id)
              .sort();
            const byPredicate = rows
              .filter((r) => inScope(scope, r))
              .map((r) => r.id)
              .sort();
            expect(bySql, `${who}, reveal ${v.revealAt}, live ${v.liveMode}`).toEqual(byPredicate);
            compared++;
          }
      expect(compared).toBe(6 * 6 * 2);
    });

    it('shows guests the approved entries reports do not hold, once photos show; the host everything', () => {
      const [before, beforeLive, , , after] = variants();
      const seen = (v: EventRecord, viewer: Viewer) =>
        rows.filter((r) => inScope(entriesVisibleTo(v, viewer), r)).map((r) => [r.deviceId, r.status]);
      const approved = [
        [author.id, 'approved'],
        [reader.id, 'approved'],
      ];
      expect(seen(before!, {})).toEqual([]);
      expect(seen(beforeLive!, {})).toEqual(approved);
      // after the reveal still only the approved ones (photos show everything not rejected)
      expect(seen(after!, {})).toEqual(approved);
      expect(seen(after!, { public: true })).toEqual([]);
      expect(seen(before!, { principal: w.host })).toHaveLength(12);
      expect(seen(before!, { principal: person(true) })).toHaveLength(12);
      // the author: their own, whatever their state, and what everyone sees
      expect(seen(before!, { deviceId: author.id })).toHaveLength(6);
      expect(seen(after!, { deviceId: author.id })).toHaveLength(7);
    });
  });

  it('puts written and voice messages in the export, voice messages after the photos, in parts sized exactly', async () => {
    w.plans.set(w.host.userId, { zipExport: true });
    const e = w.event({ timezone: 'Europe/Berlin' });
    const d = await w.device(e, { displayName: 'Gina' });
    const photo = await w.photo(d, { bytes: 3000 });
    await w.store.put(photo.originalKey, Buffer.alloc(3000, 7));
    const written = await entry(d, { text: '=1+1, said "hi"\nbye', status: 'approved' });
    const id = randomUUID();
    const audioKey = guestbookAudioKey(e.id, id, 'ogg');
    const recording = Buffer.alloc(4000, 9);
    await w.store.put(audioKey, recording, { contentType: 'audio/ogg' });
    await entry(d, { id, kind: 'voice', text: null, audioKey, audioBytes: 4000, durationMs: 2500 });
    await entry(d, { text: 'rejected', status: 'rejected' });
    // parts of 5000 bytes: the photo fits part 1, the recording needs a part of its own
    const exports = new Exports({
      db: w.db,
      bus: w.bus,
      store: w.store,
      events: w.events,
      partBytes: 5000,
      authors: (ids) => w.app.guests.authors(ids),
    });
    const manifest = await exports.manifest(e.id, w.host);
    expect(manifest).toMatchObject({ photoCount: 1, guestbookCount: 2, originalBytes: 7000 });
    expect(manifest.parts.map((p) => p.photoCount)).toEqual([1, 0]);
    const read = async (n: number) => {
      const part = await exports.part(e.id, w.host, n, manifest.version);
      const zip = Buffer.concat(await part.open().stream.toArray());
      expect(zip.length).toBe(manifest.parts[n - 1]!.bytes);
      return readZip(zip);
    };
    const one = await read(1);
    expect(one.map((x) => x.name)).toEqual([
      'photos.csv',
      GUESTBOOK_CSV_NAME,
      expect.stringMatching(/^Gina\//),
    ]);
    const csv = one[1]!.bytes.toString('utf8');
    expect(csv).toContain(`${written.id},`);
    expect(csv).toContain(`,Gina,text,"'=1+1, said ""hi""\nbye",,approved\r\n`);
    expect(csv).not.toContain('rejected');
    const two = await read(2);
    expect(two.map((x) => x.name)).toEqual([expect.stringMatching(/^guestbook\/001_.*\.ogg$/)]);
    expect(two[0]!.bytes.equals(recording)).toBe(true);
    expect(csv).toContain(`,Gina,voice,,${two[0]!.name},pending\r\n`);

    // a change to the guestbook is a new version: the old one is refused
    await entry(d, { text: 'late' });
    await expect(exports.part(e.id, w.host, 1, manifest.version)).rejects.toMatchObject({ status: 409 });
  });
});
