import { ask, type Bus } from '@afterglow/bus';
import {
  eventsList,
  photosGuestbookList,
  photosGuestbookModerate,
  type AdminGuestbookAction,
  type AdminGuestbookFilter,
  type AdminGuestbookModerated,
  type AdminGuestbookRow,
  type AdminPage,
  type AuditAction,
  type Principal,
} from '@afterglow/contracts';
import type { AuditLog } from './audit';
import type { ListQuery } from './back-office';
import { T, entryLabel, eventsOf } from './lookups';

/** What the audit log calls an admin's decision on a guestbook entry. */
export const GUESTBOOK_AUDIT_ACTIONS = {
  approve: 'guestbook.approved',
  reject: 'guestbook.rejected',
  delete: 'guestbook.deleted',
} as const satisfies Record<AdminGuestbookAction, AuditAction>;

/**
 * The back office's Guestbook tab (ADRs 028, 034): guests' messages to the hosts of every event, asked
 * of photos (which keeps them) a page at a time and completed with their events' names and codes; an
 * admin's approve, reject or delete, recorded in the audit log once done.
 */
export class AdminGuestbook {
  constructor(
    private readonly bus: Bus,
    private readonly audit: AuditLog,
  ) {}

  async list(q: ListQuery<AdminGuestbookFilter>): Promise<AdminPage<AdminGuestbookRow>> {
    // a search also finds the entries of events whose name or code matches it, as the Photos tab's
    const matching = q.search
      ? (await ask(this.bus, eventsList, { search: q.search, limit: 100 }, T)).events.map((e) => e.id)
      : [];
    const page = await ask(
      this.bus,
      photosGuestbookList,
      {
        limit: q.limit,
        filter: q.filter,
        ...(q.search ? { search: q.search, orEventIds: matching } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      T,
    );
    const events = await eventsOf(
      this.bus,
      page.entries.map((e) => e.eventId),
    );
    return {
      items: page.entries.map((e) => ({
        ...e,
        eventName: events.get(e.eventId)?.name ?? null,
        eventCode: events.get(e.eventId)?.code ?? null,
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** Approve, reject or delete any entry; recorded in the audit log with the entry's event. */
  async moderate(
    admin: Principal,
    entryId: string,
    action: AdminGuestbookAction,
  ): Promise<AdminGuestbookModerated> {
    const done = await ask(this.bus, photosGuestbookModerate, { entryId, action, by: admin.userId }, T);
    await this.audit.record({
      by: admin.userId,
      action: GUESTBOOK_AUDIT_ACTIONS[action],
      targetId: entryId,
      label: await entryLabel(this.bus, done.eventId),
    });
    return done;
  }
}
