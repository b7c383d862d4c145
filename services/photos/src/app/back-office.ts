import { and, eq, gt, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPhotoFilter, Principal, RpcRequest, RpcResponse } from '@afterglow/contracts';
import type { photosEventCounts, photosList, photosModerate, photosStats } from '@afterglow/contracts';
import { searchAny, type Db } from '@afterglow/db';
import { devices, faces, photos } from '../adapters/schema';
import type { Moderation } from './moderation';
import { newestFirst, type PhotoSelection, type PhotoView } from './photo-view';

type AdminPhoto = RpcResponse<typeof photosList>['photos'][number];

/** Flagged (by a host, an admin or the AI safety filter) and not rejected: what still wants a look. */
const FLAGGED = and(gt(photos.flagCount, 0), ne(photos.status, 'rejected'));

const FILTERS: Record<AdminPhotoFilter, SQL | undefined> = {
  all: undefined,
  pending: eq(photos.status, 'pending'),
  approved: eq(photos.status, 'approved'),
  rejected: eq(photos.status, 'rejected'),
  flagged: FLAGGED,
};

/**
 * What the back office asks of photos over the bus (ADR 028): photos of every event, page by page;
 * counts for the stat cards and the user and event lists; an admin's decision on a photo, which goes
 * through the host's own moderation (admins may moderate any event).
 */
export class PhotosBackOffice {
  constructor(private readonly d: { db: Db; view: PhotoView; moderation: Moderation }) {}

  private row(sel: PhotoSelection): AdminPhoto {
    const p = sel.photo;
    const dto = this.d.view.dto(sel, true);
    return {
      id: p.id,
      eventId: p.eventId,
      kind: dto.kind,
      caption: p.caption,
      thumbUrl: dto.thumbUrl,
      deviceName: sel.device?.displayName ?? null,
      status: dto.status,
      flagCount: p.flagCount,
      flagReason: p.flagReason,
      held: p.heldAt !== null,
      safetyScore: dto.safetyScore ?? null,
      createdAt: p.createdAt.toISOString(),
    };
  }

  async list(q: RpcRequest<typeof photosList>): Promise<RpcResponse<typeof photosList>> {
    // the guests whose name matches are found first (a small table): a join per photo row scanned
    // costs ten times more on a deep search (bench: adminLists.p95ByWalk)
    const search = q.search
      ? or(
          searchAny(q.search, photos.caption),
          inArray(
            photos.deviceId,
            this.d.db
              .select({ id: devices.id })
              .from(devices)
              .where(searchAny(q.search, devices.displayName)),
          ),
          q.orEventIds?.length ? inArray(photos.eventId, q.orEventIds) : undefined,
        )
      : undefined;
    const kind = q.kind ? eq(photos.kind, q.kind) : undefined;
    const page = await newestFirst(this.d.db, and(FILTERS[q.filter ?? 'all'], kind, search), q);
    return { photos: page.rows.map((r) => this.row(r)), nextCursor: page.nextCursor };
  }

  async stats({ since }: RpcRequest<typeof photosStats>): Promise<RpcResponse<typeof photosStats>> {
    const [c] = await this.d.db
      .select({
        total: sql<number>`count(*)::int`,
        since: sql<number>`(count(*) filter (where ${gte(photos.createdAt, new Date(since))}))::int`,
        flagged: sql<number>`(count(*) filter (where ${FLAGGED}))::int`,
      })
      .from(photos);
    return { total: c?.total ?? 0, since: c?.since ?? 0, flagged: c?.flagged ?? 0 };
  }

  async eventCounts({
    eventIds,
  }: RpcRequest<typeof photosEventCounts>): Promise<RpcResponse<typeof photosEventCounts>> {
    if (eventIds.length === 0) return { events: [] };
    const { db } = this.d;
    const [shot, joined, faced] = await Promise.all([
      db
        .select({ eventId: photos.eventId, n: sql<number>`count(*)::int` })
        .from(photos)
        .where(inArray(photos.eventId, eventIds))
        .groupBy(photos.eventId),
      db
        .select({ eventId: devices.eventId, n: sql<number>`count(*)::int` })
        .from(devices)
        .where(inArray(devices.eventId, eventIds))
        .groupBy(devices.eventId),
      db
        .select({ eventId: faces.eventId, n: sql<number>`count(*)::int` })
        .from(faces)
        .where(inArray(faces.eventId, eventIds))
        .groupBy(faces.eventId),
    ]);
    const photoCount = new Map(shot.map((r) => [r.eventId, r.n]));
    const guestCount = new Map(joined.map((r) => [r.eventId, r.n]));
    const faceCount = new Map(faced.map((r) => [r.eventId, r.n]));
    return {
      events: eventIds.map((eventId) => ({
        eventId,
        photoCount: photoCount.get(eventId) ?? 0,
        guestCount: guestCount.get(eventId) ?? 0,
        faceCount: faceCount.get(eventId) ?? 0,
      })),
    };
  }

  /** An admin's approve, reject or flag: the host's moderation, with the admin as the one who decided. */
  async moderate(r: RpcRequest<typeof photosModerate>): Promise<RpcResponse<typeof photosModerate>> {
    const admin: Principal = { userId: r.by, email: '', isAdmin: true };
    const action =
      r.action === 'flag'
        ? { flag: r.reason ?? 'Needs review' }
        : { status: r.action === 'approve' ? ('approved' as const) : ('rejected' as const) };
    const dto = await this.d.moderation.moderate(r.photoId, admin, action, r.reason, true);
    return {
      id: dto.id,
      eventId: dto.eventId,
      status: dto.status,
      flagCount: dto.flagCount ?? 0,
      held: dto.held ?? false,
    };
  }
}
