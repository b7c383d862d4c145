import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { DevicePhotos, EventPhotosPage, PhotoDto, Principal } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos, type DeviceRow } from '../adapters/schema';
import { shotsRemaining } from '../guests';
import type { PageOpts } from './cursor';
import type { EventsClient } from './events-client';
import { newestFirst, selectPhotos, type PhotoView } from './photo-view';
import {
  assertHost,
  forShowing,
  isHostOf,
  isRevealed,
  scopeWhere,
  seesNothing,
  visibleTo,
} from './visibility';

interface Page {
  photos: PhotoDto[];
  nextCursor: string | null;
}
const EMPTY: Page = { photos: [], nextCursor: null };

/** The photo lists: an event's gallery, the host's queues, a guest's own roll. What each viewer gets is the visibility module's answer. */
export class Gallery {
  constructor(
    private readonly d: { db: Db; events: EventsClient },
    private readonly view: PhotoView,
  ) {}

  /** One page of the event's photos matching `where`, newest first, as a viewer (the host or not) sees them. */
  private async page(where: SQL | undefined, page: PageOpts, asHost: boolean): Promise<Page> {
    const { rows, nextCursor } = await newestFirst(this.d.db, where, page);
    return { photos: rows.map((r) => this.view.dto(r, asHost)), nextCursor };
  }

  /** GET /api/events/{code}/photos: what the viewer may see of the event. */
  async eventPhotos(code: string, viewer: Principal | null, page: PageOpts): Promise<EventPhotosPage> {
    const e = await this.d.events.getOr404(code);
    const scope = visibleTo(e, { principal: viewer });
    const { photos: list, nextCursor } = seesNothing(scope)
      ? EMPTY
      : await this.page(scopeWhere(scope), page, isHostOf(e, viewer));
    return { photos: list, revealed: isRevealed(e), revealAt: e.revealAt, liveMode: e.liveMode, nextCursor };
  }

  /** The host's moderation queue: photos awaiting a decision, and those guests' reports hold. */
  async pending(idOrCode: string, viewer: Principal | null, page: PageOpts): Promise<Page> {
    const e = await this.d.events.getOr404(idOrCode);
    assertHost(e, viewer);
    return this.page(
      and(eq(photos.eventId, e.id), or(eq(photos.status, 'pending'), isNotNull(photos.heldAt))),
      page,
      true,
    );
  }

  /** Approved photos (the slideshow), of those the viewer may see. */
  async approved(eventId: string, viewer: Principal | null, page: PageOpts): Promise<Page> {
    const e = await this.d.events.getOr404(eventId);
    const scope = visibleTo(e, { principal: viewer });
    if (seesNothing(scope)) return EMPTY;
    return this.page(scopeWhere(forShowing(scope)), page, isHostOf(e, viewer));
  }

  /** A guest's own roll, every photo their device took. */
  async devicePhotos(device: DeviceRow): Promise<DevicePhotos> {
    const e = await this.d.events.getOr404(device.eventId);
    const rows = await selectPhotos(this.d.db)
      .where(and(eq(photos.deviceId, device.id), scopeWhere(visibleTo(e, { deviceId: device.id }))))
      .orderBy(desc(photos.createdAt), desc(photos.id));
    return {
      photos: rows.map((r) => this.view.dto(r, false)),
      shotsTaken: device.shotsTaken,
      shotsRemaining: shotsRemaining(e, device.shotsTaken),
      maxShots: e.maxShotsPerDevice,
    };
  }
}
