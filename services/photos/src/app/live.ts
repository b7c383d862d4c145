import { captureKindOf, liveNotice, type EventRecord, type LiveNotice } from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import type { PhotoRow } from '../adapters/schema';
import { audienceOf } from './visibility';

/** Live notices to the realtime service (a courtesy on top of polling: a lost one is repaired by the next poll). */
export class LiveNotices {
  constructor(private readonly bus: Bus) {}

  async notify(n: LiveNotice): Promise<void> {
    try {
      await this.bus.notify(liveNotice.subject, liveNotice.schema.parse(n));
    } catch {
      // the next poll shows what this notice would have
    }
  }

  /** A developed photo was approved: the host hears of it, and every watcher when they may see it. */
  approved(e: EventRecord, row: PhotoRow): Promise<void> {
    return this.notify({
      type: 'photo_approved',
      eventId: e.id,
      photoId: row.id,
      audience: audienceOf(e, row),
      status: 'approved',
      kind: captureKindOf(row.kind),
    });
  }
}
