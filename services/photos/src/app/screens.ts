import { and, asc, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  HttpError,
  LIVE_DISPLAY_OFF,
  SCREEN_SHOWING_MAX,
  conflict,
  forbidden,
  type EventRecord,
  type Principal,
  type ScreenNext,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos, screenCycles, screenShows, screens } from '../adapters/schema';
import type { Guestbook } from '../guestbook';
import type { EventsClient } from './events-client';
import { selectPhotos, type PhotoSelection, type PhotoView } from './photo-view';
import { forShowing, isHostOf, scopeWhere, seesNothing, visibleTo } from './visibility';

/** A screen that asked this recently still has its photos on display. */
export const SCREEN_ACTIVE_MS = 2 * 60_000;
/** Screens one event may have at once: they are anonymous, so made-up ids cannot pile up. */
export const MAX_SCREENS_PER_EVENT = 100;
/** Screens silent this long are forgotten when a cycle ends. */
const SCREEN_FORGET_MS = 24 * 3600_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The order: photos approved since the cycle began and never shown jump the queue; then the least
 * recently shown (never shown first); ties in approval order.
 */
const order = (cycleStart: Date) => [
  sql`(${screenShows.photoId} is null and ${photos.moderatedAt} >= ${cycleStart}) desc`,
  sql`${screenShows.shownAt} asc nulls first`,
  asc(photos.moderatedAt),
  asc(photos.createdAt),
  asc(photos.id),
];

const notAmong = (ids: readonly string[]) => (ids.length ? notInArray(photos.id, [...ids]) : undefined);

/**
 * Venue screens share one order of an event's approved photos (ADR 017): each screen asks for its next
 * photo and is handed one no screen has had in the current cycle (newly approved photos first); once
 * every photo has been handed out, the next cycle begins. Which photos a screen may get is the
 * visibility module's answer for whoever asks, narrowed to approved, developed photos.
 */
export class Screens {
  constructor(
    private readonly d: { db: Db; events: EventsClient },
    private readonly view: PhotoView,
    private readonly guestbook: Pick<Guestbook['entries'], 'forScreen'>,
  ) {}

  /**
   * POST /api/events/{code}/screens/next, while live mode is on; with it, the guestbook's messages
   * the screen may show as cards between photos (issue 23).
   */
  async next(
    code: string,
    viewer: Principal | null,
    screenId: string,
    showing: readonly string[],
  ): Promise<ScreenNext> {
    const e = await this.d.events.getOr404(code);
    if (!e.liveMode) throw conflict(LIVE_DISPLAY_OFF, 'live_mode_off');
    const scope = visibleTo(e, { principal: viewer });
    if (seesNothing(scope))
      throw forbidden('This live display cannot be shown to you', 'live_display_hidden');
    const onDisplay = scopeWhere(forShowing(scope));
    const answer = await this.d.db.transaction((tx) =>
      handOut(tx, e, onDisplay, screenId, [...new Set(showing)]),
    );
    return {
      ...answer,
      photo: answer.photo ? this.view.dto(answer.photo, isHostOf(e, viewer)) : null,
      guestbook: await this.guestbook.forScreen(e, viewer),
    };
  }
}

/** One hand-out, inside a transaction holding the event's lock. */
async function handOut(
  tx: Tx,
  e: EventRecord,
  onDisplay: SQL,
  screenId: string,
  showing: string[],
): Promise<Omit<ScreenNext, 'photo' | 'guestbook'> & { photo: PhotoSelection | null }> {
  const now = new Date();
  // The lock: an upsert of the event's row, which PostgreSQL holds locked until the transaction ends.
  const [state] = await tx
    .insert(screenCycles)
    .values({ eventId: e.id })
    .onConflictDoUpdate({ target: screenCycles.eventId, set: { eventId: sql`excluded.event_id` } })
    .returning({ cycle: screenCycles.cycle, startedAt: screenCycles.startedAt });
  let { cycle, startedAt } = state!;

  const [counts] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      shown: sql<number>`(count(*) filter (where ${screenShows.cycle} = ${cycle}))::int`,
    })
    .from(photos)
    .leftJoin(screenShows, eq(screenShows.photoId, photos.id))
    .where(onDisplay);
  const { total, shown } = counts!;

  const active = await tx
    .select()
    .from(screens)
    .where(and(eq(screens.eventId, e.id), gt(screens.seenAt, new Date(now.getTime() - SCREEN_ACTIVE_MS))));
  const others = active.filter((s) => s.screenId !== screenId);
  if (others.length === active.length && others.length >= MAX_SCREENS_PER_EVENT)
    throw new HttpError(429, 'too_many_screens', 'Too many screens are showing this event');
  const [me] = await tx
    .select({ photoId: screens.photoId })
    .from(screens)
    .where(and(eq(screens.eventId, e.id), eq(screens.screenId, screenId)));

  const still = showing.length
    ? await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(onDisplay, inArray(photos.id, showing)))
    : [];
  const gone = showing.filter((id) => !still.some((s) => s.id === id));

  // Not what this screen shows (nor what it had last), nor, better still, what the others show.
  const own = [...new Set([...showing, ...(me?.photoId ? [me.photoId] : [])])];
  const elsewhere = [...new Set([...own, ...others.flatMap((s) => s.onScreen)])];
  const pick = async (among: SQL | undefined, avoids: string[][] = [elsewhere, own, []]) => {
    for (const avoid of avoids) {
      const [row] = await selectPhotos(tx)
        .leftJoin(screenShows, eq(screenShows.photoId, photos.id))
        .where(and(onDisplay, among, notAmong(avoid)))
        .orderBy(...order(startedAt))
        .limit(1);
      if (row) return row;
      if (!avoid.length) break;
    }
    return null;
  };

  const notYet = or(isNull(screenShows.cycle), ne(screenShows.cycle, cycle));
  let photo = total > shown ? await pick(notYet, [elsewhere, own]) : null;
  // A grid may already show every photo this cycle has left (tiles kept from the last cycle): it gets
  // one it does not show, even if shown this cycle, rather than a second copy of a tile.
  if (!photo && total > shown && showing.length > 1) photo = await pick(undefined, [elsewhere, own]);
  if (!photo && total > shown) photo = await pick(notYet, [[]]);
  let shownNow = shown + (photo ? 1 : 0);
  if (!photo && total > 0) {
    // Every photo has had its turn: the next cycle begins.
    cycle += 1;
    startedAt = now;
    await tx.update(screenCycles).set({ cycle, startedAt: now }).where(eq(screenCycles.eventId, e.id));
    await tx
      .delete(screens)
      .where(and(eq(screens.eventId, e.id), lt(screens.seenAt, new Date(now.getTime() - SCREEN_FORGET_MS))));
    photo = await pick(undefined);
    shownNow = photo ? 1 : 0;
  }

  if (photo)
    await tx
      .insert(screenShows)
      .values({ photoId: photo.photo.id, eventId: e.id, cycle, screenId, shownAt: now })
      .onConflictDoUpdate({
        target: screenShows.photoId,
        set: { cycle, screenId, shownAt: now, eventId: e.id },
      });
  const onScreen = [
    ...new Set([...showing.filter((id) => !gone.includes(id)), ...(photo ? [photo.photo.id] : [])]),
  ].slice(-(SCREEN_SHOWING_MAX + 1));
  const photoId = photo?.photo.id ?? me?.photoId ?? null;
  await tx
    .insert(screens)
    .values({ eventId: e.id, screenId, photoId, onScreen, seenAt: now })
    .onConflictDoUpdate({
      target: [screens.eventId, screens.screenId],
      set: { photoId, onScreen, seenAt: now },
    });
  return { photo, cycle, shown: shownNow, total, gone };
}
