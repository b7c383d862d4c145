import { count, countDistinct, desc, eq } from 'drizzle-orm';
import {
  GALLERY_NOT_FOUND,
  HttpError,
  isUuid,
  type EventRecord,
  type NamedRendition,
  type PublicGallery,
  type PublicPhotosPage,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { photos } from '../adapters/schema';
import type { PageOpts } from './cursor';
import type { HostPlans } from './host-plan';
import type { EventsClient } from './events-client';
import { byKind } from './renditions';
import { newestFirst, selectPhotos, type PhotoSelection, type PhotoView } from './photo-view';
import { inScope, scopeWhere, seesNothing, visibleTo, type Scope } from './visibility';

const PUBLIC = { public: true } as const;

/** A photo anyone may see, with its event and the key of its display rendition. */
export interface PublicPhotoFound {
  event: EventRecord;
  photo: PhotoSelection;
  /** its display rendition (null while it has none) */
  display: NamedRendition | null;
  /** a clip's MP4 (ADR 033; null for a photo, and while a clip is developing) */
  video: NamedRendition | null;
}

/**
 * The public gallery (/public/{slug}) and what share links show (ADR 022): only what the visibility
 * module lets the public see (`visibleTo(e, {public: true})`), as the trimmed public photo shape.
 */
export class PublicGalleries {
  constructor(
    private readonly d: { db: Db; events: EventsClient; plans: HostPlans },
    private readonly view: PhotoView,
  ) {}

  /**
   * Whether the public may see the event at all: the host made it public and the host's plan, as
   * billing answers it now, includes a public gallery (a plan that no longer does hides it again).
   */
  private async shown(e: EventRecord | null): Promise<boolean> {
    if (!e?.isPublic) return false;
    return this.d.plans.of(e.hostId).then(
      (p) => p.publicGallery,
      () => false,
    );
  }

  /** The public event at this address; an unknown one and a private one get the same 404. */
  async event(slug: string): Promise<EventRecord> {
    const e = await this.find(slug);
    if (!e) throw new HttpError(404, GALLERY_NOT_FOUND.code, GALLERY_NOT_FOUND.detail);
    return e;
  }

  /** The public event at this address, or null (unknown or not public). */
  async find(slug: string): Promise<EventRecord | null> {
    if (!/^[a-z0-9-]{1,80}$/i.test(slug)) return null;
    const e = await this.d.events.bySlug(slug);
    return (await this.shown(e)) ? e : null;
  }

  /** GET /api/public/events/{slug} */
  async gallery(slug: string): Promise<PublicGallery> {
    const e = await this.event(slug);
    const scope = visibleTo(e, PUBLIC);
    const counts = await this.counts(scope);
    return {
      slug: e.slug,
      name: e.name,
      description: e.shareDescription,
      code: e.code,
      revealAt: e.revealAt,
      timezone: e.timezone,
      language: e.language,
      liveMode: e.liveMode,
      revealed: !seesNothing(scope),
      photoCount: counts.photos,
      participantCount: counts.devices,
      colorMood: e.colorMood,
      primaryColor: e.primaryColor,
      accentColor: e.accentColor,
      backgroundGradient: e.backgroundGradient,
    };
  }

  /** Publicly visible photos, and the guests who took at least one of them. */
  private async counts(scope: Scope): Promise<{ photos: number; devices: number }> {
    if (seesNothing(scope)) return { photos: 0, devices: 0 };
    const [row] = await this.d.db
      .select({ photos: count(), devices: countDistinct(photos.deviceId) })
      .from(photos)
      .where(scopeWhere(scope));
    return { photos: Number(row?.photos ?? 0), devices: Number(row?.devices ?? 0) };
  }

  /** GET /api/public/events/{slug}/photos: one page, newest first. */
  async photos(slug: string, page: PageOpts): Promise<PublicPhotosPage> {
    const e = await this.event(slug);
    const scope = visibleTo(e, PUBLIC);
    const revealed = !seesNothing(scope);
    if (!revealed) return { photos: [], revealed, revealAt: e.revealAt, nextCursor: null };
    const { rows, nextCursor } = await newestFirst(this.d.db, scopeWhere(scope), {
      ...page,
      limit: page.limit ?? 60,
    });
    return { photos: rows.map((r) => this.view.publicDto(r)), revealed, revealAt: e.revealAt, nextCursor };
  }

  /** The newest photo the public may see of this event (a share link's picture), or null. */
  async cover(e: EventRecord): Promise<PublicPhotoFound | null> {
    const scope = visibleTo(e, PUBLIC);
    if (seesNothing(scope)) return null;
    const [row] = await selectPhotos(this.d.db)
      .where(scopeWhere(scope))
      .orderBy(desc(photos.createdAt), desc(photos.id))
      .limit(1);
    return row ? this.found(e, row) : null;
  }

  /** The photo, when the public may see it now (asked again on every request), else null. */
  async photo(id: string): Promise<PublicPhotoFound | null> {
    if (!isUuid(id)) return null;
    const [row] = await selectPhotos(this.d.db).where(eq(photos.id, id.toLowerCase()));
    if (!row) return null;
    const e = await this.d.events.get(row.photo.eventId);
    return e && (await this.shown(e)) && inScope(visibleTo(e, PUBLIC), row.photo) ? this.found(e, row) : null;
  }

  private found(event: EventRecord, photo: PhotoSelection): PublicPhotoFound {
    const made = byKind(photo.made);
    return { event, photo, display: made.get('display') ?? null, video: made.get('video') ?? null };
  }
}
