import { eq, sql } from 'drizzle-orm';
import {
  REPORT_THRESHOLD_DEFAULT,
  notFound,
  type PhotoStatus,
  type ReportReason,
  type ReportResult,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos, reports, type DeviceRow } from '../adapters/schema';
import type { EventsClient } from '../app/events-client';
import type { LiveNotices } from '../app/live';
import { inScope, visibleTo } from '../app/visibility';

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
}
