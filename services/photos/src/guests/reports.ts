import { eq, sql } from 'drizzle-orm';
import {
  GUESTBOOK_CODES,
  GUESTBOOK_MESSAGES,
  REPORT_THRESHOLD_DEFAULT,
  notFound,
  type PhotoStatus,
  type ReportReason,
  type ReportResult,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { guestbookEntries, guestbookReports, photos, reports, type DeviceRow } from '../adapters/schema';
import type { EventsClient } from '../app/events-client';
import type { LiveNotices } from '../app/live';
import { entriesVisibleTo, inScope, visibleTo } from '../app/visibility';

/**
 * Guests report photos (ADR 023). Each device of the event counts once per photo; when the reports
 * since the host last decided reach the event's threshold, the photo is held: the visibility module
 * leaves it out for guests and screens, and it waits in the host's queue until approved or rejected.
 */
export class Reports {
  constructor(
    private readonly d: { db: Db; events: EventsClient },
    private readonly live: LiveNotices,
  ) {}

  async report(photoId: string, device: DeviceRow, reason: ReportReason): Promise<ReportResult> {
    const { db } = this.d;
    const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
    // Only a photo anyone with the code sees now can be reported, and only from a device of its event.
    if (!row || row.eventId !== device.eventId) throw notFound('Photo not found', 'photo_not_found');
    const e = await this.d.events.getOr404(row.eventId);
    if (!inScope(visibleTo(e, {}), row)) throw notFound('Photo not found', 'photo_not_found');
    const threshold = e.reportThreshold ?? REPORT_THRESHOLD_DEFAULT;
    const held = await db.transaction(async (tx) => {
      const [added] = await tx
        .insert(reports)
        .values({ photoId, deviceId: device.id, reason })
        .onConflictDoNothing()
        .returning({ photoId: reports.photoId });
      if (!added) return false;
      const [u] = await tx
        .update(photos)
        .set({
          reportCount: sql`${photos.reportCount} + 1`,
          heldAt: sql`case when ${photos.heldAt} is null and ${photos.reportCount} + 1 - ${photos.reportsReviewed} >= ${threshold} then now() else ${photos.heldAt} end`,
        })
        .where(eq(photos.id, photoId))
        .returning({ heldAt: photos.heldAt, status: photos.status });
      return row.heldAt === null && !!u?.heldAt ? (u.status as PhotoStatus) : false;
    });
    // The host's queue hears of it at once; guests' galleries and screens drop it at their next ask.
    if (held)
      await this.live.notify({
        type: 'photo_moderated',
        eventId: e.id,
        photoId,
        audience: 'host',
        status: held,
      });
    return { reported: true };
  }

  /**
   * A guest reports a guestbook entry (issue 23), as a photo: only one anyone with the code sees now,
   * from a device of its event, each device once; at the event's threshold the entry is held from
   * guests and screens until the host approves or rejects it (the host's list shows it `held`).
   */
  async reportEntry(entryId: string, device: DeviceRow, reason: ReportReason): Promise<ReportResult> {
    const { db } = this.d;
    const gone = () => notFound(GUESTBOOK_MESSAGES.notFound, GUESTBOOK_CODES.notFound);
    const [row] = await db.select().from(guestbookEntries).where(eq(guestbookEntries.id, entryId));
    if (!row || row.eventId !== device.eventId) throw gone();
    const e = await this.d.events.getOr404(row.eventId);
    if (!inScope(entriesVisibleTo(e, {}), row)) throw gone();
    const threshold = e.reportThreshold ?? REPORT_THRESHOLD_DEFAULT;
    await db.transaction(async (tx) => {
      const [added] = await tx
        .insert(guestbookReports)
        .values({ entryId, deviceId: device.id, reason })
        .onConflictDoNothing()
        .returning({ entryId: guestbookReports.entryId });
      if (!added) return;
      await tx
        .update(guestbookEntries)
        .set({
          reportCount: sql`${guestbookEntries.reportCount} + 1`,
          heldAt: sql`case when ${guestbookEntries.heldAt} is null and ${guestbookEntries.reportCount} + 1 - ${guestbookEntries.reportsReviewed} >= ${threshold} then now() else ${guestbookEntries.heldAt} end`,
        })
        .where(eq(guestbookEntries.id, entryId));
    });
    return { reported: true };
  }
}
