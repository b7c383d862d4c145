import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  notFound,
  photoModerated,
  type PhotoModerated,
  type PhotoStatus,
  type Principal,
} from '@afterglow/contracts';
import { outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import { outbox, photos, type PhotoRow } from '../adapters/schema';
import type { EventsClient } from './events-client';
import type { LiveNotices } from './live';
import { selectPhotos, type PhotoView } from './photo-view';
import { assertHost } from './visibility';

export type ModerationAction = { status?: PhotoStatus; flag?: string };

/** What the audit log calls a decision: approving, rejecting, flagging (or another status change). */
const actionOf = (a: ModerationAction): NonNullable<PhotoModerated['action']> =>
  a.flag ? 'flag' : a.status === 'approved' ? 'approve' : a.status === 'rejected' ? 'reject' : 'status';

/** The host approves, rejects or flags a photo; `photo.moderated` goes out through the outbox. */
export class Moderation {
  constructor(
    private readonly d: { db: Db; events: EventsClient; relay: OutboxRelay },
    private readonly view: PhotoView,
    private readonly live: LiveNotices,
  ) {}

  /**
   * The host (or an admin) decides on a photo. `reason` is recorded with the decision: a flag's reason
   * unless another is given.
   */
  async moderate(
    photoId: string,
    viewer: Principal | null,
    action: ModerationAction,
    reason?: string,
    /** the back office acting, even on an admin's own event (its audit entry is written there) */
    asAdmin = false,
  ) {
    const { db } = this.d;
    const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!row) throw notFound('Photo not found', 'photo_not_found');
    const e = await this.d.events.getOr404(row.eventId);
    assertHost(e, viewer);
    const patch: Partial<PhotoRow> = { moderatedAt: new Date() };
    // Approving or rejecting is the host's decision on the reports so far: a held photo is released
    // (or stays out as rejected), and only later reports count towards holding it again.
    if (action.status)
      Object.assign(patch, { status: action.status, heldAt: null, reportsReviewed: row.reportCount });
    if (action.flag) {
      patch.flagCount = row.flagCount + 1;
      patch.flagReason = action.flag;
    }
    const updated = await db.transaction(async (tx) => {
      const [u] = await tx.update(photos).set(patch).where(eq(photos.id, photoId)).returning();
      await tx.insert(outbox).values(
        outboxRow({
          subject: photoModerated.subject,
          msgId: `photo.moderated:${photoId}:${randomUUID()}`,
          payload: photoModerated.schema.parse({
            photoId,
            eventId: row.eventId,
            status: u!.status,
            previousStatus: row.status,
            flagged: u!.flagCount > 0,
            at: new Date().toISOString(),
            by: viewer!.userId,
            byRole: !asAdmin && viewer!.userId === e.hostId ? 'host' : 'admin',
            action: actionOf(action),
            ...((reason ?? action.flag) ? { reason: reason ?? action.flag } : {}),
          }),
        }),
      );
      return u!;
    });
    this.d.relay.kick();
    await this.live.notify({
      type: 'photo_moderated',
      eventId: e.id,
      photoId,
      audience: 'host',
      status: updated.status as PhotoStatus,
    });
    // (approving a held photo that was approved before releases it: watchers hear of it now)
    if (updated.status === 'approved' && (row.status !== 'approved' || row.heldAt) && updated.processedAt)
      await this.live.approved(e, updated);
    const [view] = await selectPhotos(db).where(eq(photos.id, photoId));
    return this.view.dto(view ?? { photo: updated, made: null, device: null }, true);
  }
}
