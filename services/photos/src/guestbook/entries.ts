import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  GUESTBOOK_CODES,
  GUESTBOOK_MESSAGES,
  GUESTBOOK_SCREEN_MAX,
  forbidden,
  notFound,
  type EventRecord,
  type GuestbookEntryDto,
  type GuestbookPage,
  type GuestbookStatus,
  type Principal,
  type PublicGuestbookEntry,
} from '@afterglow/contracts';
import { afterKeyset, keysetPage, type Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import { guestbookEntries, type GuestbookRow } from '../adapters/schema';
import { pageLimit, type PageOpts } from '../app/cursor';
import type { EventsClient } from '../app/events-client';
import type { HostPlans } from '../app/host-plan';
import {
  assertHost,
  entriesVisibleTo,
  entryScopeWhere,
  forShowing,
  isHostOf,
  isRevealed,
  seesNothing,
  type Scope,
} from '../app/visibility';
import type { Device } from '../guests';
import type { GuestbookView } from './view';

export interface GuestbookQuery extends PageOpts {
  status?: GuestbookStatus;
}

const gone = () => notFound(GUESTBOOK_MESSAGES.notFound, GUESTBOOK_CODES.notFound);

/**
 * The guestbook's entries once written: the lists (what each viewer gets is the visibility module's
 * answer, `entriesVisibleTo`), the host's decisions, and the author taking one back before the reveal.
 */
export class GuestbookEntries {
  constructor(
    private readonly d: { db: Db; store: ObjectStore; events: EventsClient; plans: HostPlans },
    private readonly view: GuestbookView,
  ) {}

  /** Entries matching `where`, newest first, a page at a time. */
  private async newestFirst(where: SQL | undefined, page: PageOpts) {
    const limit = pageLimit(page);
    const rows = await this.d.db
      .select()
      .from(guestbookEntries)
      .where(and(where, afterKeyset(guestbookEntries.createdAt, guestbookEntries.id, page.cursor)))
      .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
      .limit(limit + 1);
    return keysetPage(rows, limit, (r) => ({ at: r.createdAt, id: r.id }));
  }

  /**
   * `GET /api/events/{code}/guestbook`: the host (or an admin) gets every entry, by status if asked;
   * anyone else the approved entries once photos show (the reveal, or live mode), and, from a browser
   * holding a device of the event, `mine`: that device's own entries, whatever their status.
   */
  async page(
    code: string,
    viewer: Principal | null,
    ownedDeviceIds: readonly string[],
    q: GuestbookQuery,
  ): Promise<GuestbookPage> {
    const e = await this.d.events.getOr404(code);
    const asHost = isHostOf(e, viewer);
    const scope = entriesVisibleTo(e, { principal: viewer });
    const status = q.status ? eq(guestbookEntries.status, q.status) : undefined;
    const { rows, nextCursor } = seesNothing(scope)
      ? { rows: [] as GuestbookRow[], nextCursor: null }
      : await this.newestFirst(and(entryScopeWhere(scope), status), q);
    const authors = await this.view.authorsOf(rows);
    const entries = rows.map((r) =>
      asHost ? this.view.dto(r, authors.get(r.deviceId)) : this.view.publicDto(r, authors.get(r.deviceId)),
    );
    // a composer offers a recorder only where the plan takes voice messages (billing away: not now)
    const voiceMessages = await this.d.plans.voiceGuestbook(e.hostId).catch(() => false);
    const answer: GuestbookPage = {
      entries,
      revealed: isRevealed(e),
      revealAt: e.revealAt,
      liveMode: e.liveMode,
      voiceMessages,
      nextCursor,
    };
    if (!asHost && ownedDeviceIds.length) answer.mine = await this.mine(e, ownedDeviceIds);
    return answer;
  }

  /** The entries the browser's own devices of the event left, newest first. */
  private async mine(e: EventRecord, deviceIds: readonly string[]) {
    const own: Scope = { eventId: e.id, clauses: deviceIds.map((deviceId) => ({ deviceId })) };
    const rows = await this.d.db
      .select()
      .from(guestbookEntries)
      .where(entryScopeWhere(own))
      .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id));
    const authors = await this.view.authorsOf(rows);
    return rows.map((r) => this.view.ownDto(r, authors.get(r.deviceId)));
  }

  /**
   * What a venue screen may show between photos (issue 23): the newest approved entries that reports
   * do not hold, for whoever runs the screen, as photos are put up (`forShowing`).
   */
  async forScreen(e: EventRecord, viewer: Principal | null): Promise<PublicGuestbookEntry[]> {
    const scope = entriesVisibleTo(e, { principal: viewer });
    if (seesNothing(scope)) return [];
    const rows = await this.d.db
      .select()
      .from(guestbookEntries)
      .where(entryScopeWhere(forShowing(scope)))
      .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
      .limit(GUESTBOOK_SCREEN_MAX);
    const authors = await this.view.authorsOf(rows);
    return rows.map((r) => this.view.publicDto(r, authors.get(r.deviceId)));
  }

  /**
   * `POST /api/guestbook/{id}/approve`, `/reject`: the host's (or an admin's) decision, which is also
   * the decision on the reports so far: a held entry is released (or stays out, rejected), and only
   * later reports count towards holding it again.
   */
  async moderate(
    entryId: string,
    viewer: Principal | null,
    status: Exclude<GuestbookStatus, 'pending'>,
  ): Promise<GuestbookEntryDto> {
    const [row] = await this.d.db.select().from(guestbookEntries).where(eq(guestbookEntries.id, entryId));
    if (!row) throw gone();
    const e = await this.d.events.getOr404(row.eventId);
    assertHost(e, viewer);
    const [updated] = await this.d.db
      .update(guestbookEntries)
      .set({ status, moderatedAt: new Date(), heldAt: null, reportsReviewed: row.reportCount })
      .where(eq(guestbookEntries.id, entryId))
      .returning();
    if (!updated) throw gone(); // deleted meanwhile
    const authors = await this.view.authorsOf([updated]);
    return this.view.dto(updated, authors.get(updated.deviceId));
  }

  /**
   * The back office's list (ADR 028): entries of every event matching `where`, newest first, a page
   * at a time, in the host's shape (the admin service has checked the caller is an admin).
   */
  async everywhere(where: SQL | undefined, page: PageOpts) {
    const { rows, nextCursor } = await this.newestFirst(where, page);
    const authors = await this.view.authorsOf(rows);
    return { entries: rows.map((r) => this.view.dto(r, authors.get(r.deviceId))), nextCursor };
  }

  /**
   * The host (or an admin) deletes an entry, whenever: its recording first (a retry after a failure
   * finds the row still there), then the row with its reports.
   */
  async remove(entryId: string, viewer: Principal | null): Promise<GuestbookRow> {
    const [row] = await this.d.db.select().from(guestbookEntries).where(eq(guestbookEntries.id, entryId));
    if (!row) throw gone();
    const e = await this.d.events.getOr404(row.eventId);
    assertHost(e, viewer);
    if (row.audioKey) await this.d.store.delete(row.audioKey);
    const [removed] = await this.d.db
      .delete(guestbookEntries)
      .where(eq(guestbookEntries.id, entryId))
      .returning();
    if (!removed) throw gone(); // deleted meanwhile
    return removed;
  }

  /** `DELETE /api/guestbook/{id}`: the author takes their entry back, before the reveal. */
  async deleteOwn(entryId: string, device: Device): Promise<void> {
    const [row] = await this.d.db.select().from(guestbookEntries).where(eq(guestbookEntries.id, entryId));
    if (!row || row.deviceId !== device.id) throw gone();
    const e = await this.d.events.getOr404(row.eventId);
    if (isRevealed(e)) throw forbidden(GUESTBOOK_MESSAGES.deleteAfterReveal, GUESTBOOK_CODES.revealed);
    const [removed] = await this.d.db
      .delete(guestbookEntries)
      .where(eq(guestbookEntries.id, entryId))
      .returning({ audioKey: guestbookEntries.audioKey });
    if (removed?.audioKey) await this.d.store.delete(removed.audioKey);
  }
}
