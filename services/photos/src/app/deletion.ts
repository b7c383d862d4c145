import { eq, sql } from 'drizzle-orm';
import { forbidden, notFound, photoDeleted } from '@afterglow/contracts';
import { outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import {
  clipUploads,
  devices,
  eventCounters,
  findMeEvents,
  reminders,
  revealNotices,
  guestbookEntries,
  outbox,
  photos,
  renditions,
  screenCycles,
  screens,
  type DeviceRow,
} from '../adapters/schema';
import type { EventsClient } from './events-client';
import type { LiveNotices } from './live';
import { isRevealed } from './visibility';

/** Photos going away: a guest's own before the reveal, and everything of a deleted event. */
export class Deletion {
  constructor(
    private readonly d: { db: Db; store: ObjectStore; events: EventsClient; relay: OutboxRelay },
    private readonly live: LiveNotices,
  ) {}

  /** A guest removes their own photo before the reveal (the shot stays used). */
  async deleteOwn(photoId: string, device: DeviceRow): Promise<void> {
    const { db, store } = this.d;
    const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
    if (!row || row.deviceId !== device.id) throw notFound('Photo not found', 'photo_not_found');
    const e = await this.d.events.getOr404(row.eventId);
    if (isRevealed(e))
      throw forbidden('Photos can no longer be deleted after the reveal', 'already_revealed');
    const made = await db.transaction(async (tx) => {
      // Locked first, so renditions being recorded meanwhile are either read here or find it gone
      // (and remove their objects themselves). Their rows go with it (on delete cascade).
      await tx.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).for('update');
      const keys = await tx
        .select({ key: renditions.key })
        .from(renditions)
        .where(eq(renditions.photoId, photoId));
      await tx.delete(photos).where(eq(photos.id, photoId));
      await tx
        .update(eventCounters)
        .set({ photoCount: sql`greatest(${eventCounters.photoCount} - 1, 0)` })
        .where(eq(eventCounters.eventId, row.eventId));
      await tx.insert(outbox).values(
        outboxRow({
          subject: photoDeleted.subject,
          msgId: `photo.deleted:${photoId}`,
          payload: photoDeleted.schema.parse({ photoId, eventId: row.eventId, at: new Date().toISOString() }),
        }),
      );
      return keys.map((k) => k.key);
    });
    this.d.relay.kick();
    await Promise.all([row.originalKey, ...made].map((k) => store.delete(k)));
    await this.live.notify({ type: 'photo_moderated', eventId: e.id, photoId, audience: 'host' });
  }

  /**
   * An event was deleted (`event.deleted`: by its host, an admin or retention): its photo rows (with
   * their renditions), guestbook entries (with their reports), devices and counter go, then every
   * object stored under the event (originals, renditions and voice messages, including any a crash
   * left without a row). Safe to run again: a redelivery finds nothing left and deletes nothing more.
   */
  async deleteEvent(
    eventId: string,
    code?: string,
  ): Promise<{ photos: number; guestbook: number; devices: number; objects: number }> {
    this.d.events.forget(eventId, code);
    const { p, g, d, u } = await this.d.db.transaction(async (tx) => {
      const p = await tx.delete(photos).where(eq(photos.eventId, eventId)).returning({ id: photos.id });
      const g = await tx
        .delete(guestbookEntries)
        .where(eq(guestbookEntries.eventId, eventId))
        .returning({ id: guestbookEntries.id });
      const d = await tx.delete(devices).where(eq(devices.eventId, eventId)).returning({ id: devices.id });
      await tx.delete(eventCounters).where(eq(eventCounters.eventId, eventId));
      // Find Me's mark (the faces went with their photos, ADR 036)
      await tx.delete(findMeEvents).where(eq(findMeEvents.eventId, eventId));
      // guests' reveal reminders (their addresses and subscriptions) and the reveal's record (ADR 035)
      await tx.delete(reminders).where(eq(reminders.eventId, eventId));
      await tx.delete(revealNotices).where(eq(revealNotices.eventId, eventId));
      // the venue screens' order goes with it (each photo's turn went with the photo)
      await tx.delete(screens).where(eq(screens.eventId, eventId));
      await tx.delete(screenCycles).where(eq(screenCycles.eventId, eventId));
      // clips on their way up go too, with the bytes they had (ADR 033)
      const u = await tx
        .delete(clipUploads)
        .where(eq(clipUploads.eventId, eventId))
        .returning({ id: clipUploads.id });
      return { p, g, d, u };
    });
    let objects = await this.d.store.deletePrefix(`events/${eventId}/`);
    for (const { id } of u) objects += await this.d.store.deletePrefix(`uploads/${id}/`);
    return { photos: p.length, guestbook: g.length, devices: d.length, objects };
  }
}
