import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_STATUSES, type EventRecord } from '@afterglow/contracts';
import { photos, type DeviceRow, type PhotoRow } from '../adapters/schema';
import { isoIn, person, useWorld } from '../test-support/world';
import {
  assertHost,
  audienceOf,
  forShowing,
  inScope,
  scopeWhere,
  visibleTo,
  type Viewer,
} from './visibility';

describe('who may see a photo: the predicate and the SQL condition agree (PGlite)', () => {
  const w = useWorld();
  let base: EventRecord;
  let other: EventRecord;
  let owner: DeviceRow;
  let stranger: DeviceRow;
  let rows: PhotoRow[];
  beforeAll(async () => {
    base = w.event();
    other = w.event();
    [owner, stranger] = [await w.device(base), await w.device(base)];
    const elsewhere = await w.device(other);
    rows = [];
    // every status × developed or not × whose device, and the same photos in another event
    for (const d of [owner!, stranger!, elsewhere])
      for (const status of PHOTO_STATUSES)
        for (const developed of [true, false]) rows.push(await w.photo(d, { status, developed }));
  });

  // private events first (the ADR 003 checks below pick from them), then the same made public
  const variants = () =>
    [false, true].flatMap((isPublic) =>
      [null, isoIn(3600_000), isoIn(-60_000)].flatMap((revealAt) =>
        [false, true].map((liveMode) => ({ ...base, revealAt, liveMode, isPublic })),
      ),
    );
  const viewers = (): [string, Viewer][] => [
    ['the host', { principal: w.host }],
    ['an admin', { principal: person(true) }],
    ['another signed-in person', { principal: person() }],
    ['anyone with the code', {}],
    ['the guest who took it', { deviceId: owner.id }],
    ['another guest', { deviceId: stranger.id }],
    ['the guest who took it, signed in', { principal: person(), deviceId: owner.id }],
    ['the host with a device', { principal: w.host, deviceId: stranger.id }],
    ['the public', { public: true }],
  ];

  it('on every combination of viewer, reveal, live mode, status, developing and device', async () => {
    let compared = 0;
    for (const e of variants())
      for (const [who, viewer] of viewers()) {
        const scope = visibleTo(e, viewer);
        const bySql = (await w.db.select({ id: photos.id }).from(photos).where(scopeWhere(scope)))
          .map((r) => r.id)
          .sort();
        const byPredicate = rows
          .filter((r) => inScope(scope, r))
          .map((r) => r.id)
          .sort();
        expect(bySql, `${who}, reveal ${e.revealAt}, live ${e.liveMode}`).toEqual(byPredicate);
        compared++;
      }
    expect(compared).toBe(12 * 9);
  });

  it('says what ADR 003 says', () => {
    const [before, beforeLive, , , after] = variants();
    const seen = (e: EventRecord, viewer: Viewer) =>
      rows
        .filter((r) => inScope(visibleTo(e, viewer), r))
        .map((r) => [r.deviceId, r.status, !!r.processedAt]);
    // the host and admins: every photo of their event, any status, developed or not
    expect(seen(before!, { principal: w.host })).toHaveLength(12);
    expect(seen(before!, { principal: person(true) })).toHaveLength(12);
    // before the reveal: nothing, except live mode's developed approved photos
    expect(seen(before!, {})).toEqual([]);
    expect(seen(beforeLive!, {})).toEqual([
      [owner.id, 'approved', true],
      [stranger.id, 'approved', true],
    ]);
    // after it: every developed photo the host did not reject
    expect(seen(after!, {})).toHaveLength(4);
    expect(seen(after!, {}).every(([, status, developed]) => status !== 'rejected' && developed)).toBe(true);
    // a guest's own photos, whatever their state, and no one else's before the reveal
    expect(seen(before!, { deviceId: owner.id })).toHaveLength(6);
    expect(seen(before!, { deviceId: owner.id }).every(([d]) => d === owner.id)).toBe(true);
  });

  it('shows the public only approved, developed photos of a public event, once revealed or live', () => {
    const all = variants();
    const seen = (e: EventRecord) =>
      rows.filter((r) => inScope(visibleTo(e, { public: true }), r)).map((r) => [r.deviceId, r.status]);
    const approved = [
      [owner.id, 'approved'],
      [stranger.id, 'approved'],
    ];
    // private: nothing, whatever the reveal
    for (const e of all.slice(0, 6)) expect(seen(e), `${e.revealAt} ${e.liveMode}`).toEqual([]);
    const [before, beforeLive, ahead, aheadLive, after, afterLive] = all.slice(6);
    expect(seen(before!)).toEqual([]);
    expect(seen(ahead!)).toEqual([]);
    for (const e of [beforeLive, aheadLive, after, afterLive]) expect(seen(e!)).toEqual(approved);
    // the host's own view is unchanged by the gallery being public
    expect(rows.filter((r) => inScope(visibleTo(after!, { principal: w.host }), r))).toHaveLength(12);
  });

  it('tells watchers of an approval only when they may see the photo', () => {
    const [before, beforeLive, , , after] = variants();
    const approved = rows.find((r) => r.eventId === base.id && r.status === 'approved' && r.processedAt)!;
    expect(audienceOf(before!, approved)).toBe('host');
    expect(audienceOf(beforeLive!, approved)).toBe('all');
    expect(audienceOf(after!, approved)).toBe('all');
  });

  it('leaves photos held by reports out for everyone but the host and their guest, and off screens for all', async () => {
    const e = w.event();
    const [mine, theirs] = [await w.device(e), await w.device(e)];
    const held: PhotoRow[] = [];
    for (const d of [mine, theirs])
      for (const status of PHOTO_STATUSES)
        for (const heldAt of [null, new Date()]) held.push(await w.photo(d, { status, heldAt }));
    let compared = 0;
    for (const revealAt of [null, isoIn(-60_000)])
      for (const liveMode of [false, true])
        for (const viewer of [{ principal: w.host }, {}, { deviceId: mine.id }] as Viewer[])
          for (const scope of [visibleTo({ ...e, revealAt, liveMode }, viewer)].flatMap((s) => [
            s,
            forShowing(s),
          ])) {
            const bySql = (await w.db.select({ id: photos.id }).from(photos).where(scopeWhere(scope)))
              .map((r) => r.id)
              .sort();
            expect(bySql).toEqual(
              held
                .filter((r) => inScope(scope, r))
                .map((r) => r.id)
                .sort(),
            );
            compared++;
          }
    expect(compared).toBe(2 * 2 * 3 * 2);
    const revealed = { ...e, revealAt: isoIn(-60_000), liveMode: true };
    const isHeld = (r: PhotoRow) => r.heldAt !== null;
    expect(held.filter((r) => inScope(visibleTo(revealed, {}), r)).some(isHeld)).toBe(false);
    expect(
      held.filter((r) => inScope(visibleTo(revealed, { deviceId: mine.id }), r)).filter(isHeld),
    ).toHaveLength(3);
    expect(held.filter((r) => inScope(visibleTo(revealed, { principal: w.host }), r))).toHaveLength(12);
    const onScreens = held.filter((r) => inScope(forShowing(visibleTo(revealed, { principal: w.host })), r));
    expect(onScreens.map((r) => [r.status, isHeld(r)])).toEqual([
      ['approved', false],
      ['approved', false],
    ]);
  });

  it('lets only the host (or an admin) act as host', () => {
    expect(() => assertHost(base, null)).toThrow(
      expect.objectContaining({ status: 401, code: 'unauthorized' }),
    );
    expect(() => assertHost(base, person())).toThrow(
      expect.objectContaining({ status: 403, code: 'not_host' }),
    );
    expect(() => assertHost(base, w.host)).not.toThrow();
    expect(() => assertHost(base, person(true))).not.toThrow();
  });
});
