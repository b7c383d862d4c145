import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CAPTURE_KIND,
  IMAGE_URL_TTL_SECONDS,
  captureKindOf,
  type PhotoDto,
  type PhotoStatus,
  type PublicPhoto,
} from '@afterglow/contracts';
import { keysetPage, type Db } from '@afterglow/db';
import type { UrlSigner } from '@afterglow/storage';
import { devices, photos, type DeviceRow, type PhotoRow } from '../adapters/schema';
import { afterCursor, pageLimit, type PageOpts } from './cursor';
import { byKind, renditionsColumn, type MadeColumn } from './renditions';

export type Author = Pick<DeviceRow, 'displayName' | 'anonId'> | null;

/** What `PhotoView.dto` needs of a photo: its row, its renditions, its device's name. */
export interface PhotoSelection {
  photo: PhotoRow;
  made: MadeColumn;
  device: Author;
}

/** Photos with what `PhotoView.dto` needs, in one statement; add the where, order and limit. */
export const selectPhotos = (db: Db) =>
  db
    .select({
      photo: photos,
      made: renditionsColumn,
      // anonId first: drizzle makes a left-joined object null when its first field is null, and
      // displayName often is (the guest who gave no name would lose their 'Guest xxxx' line)
      device: { anonId: devices.anonId, displayName: devices.displayName },
    })
    .from(photos)
    .leftJoin(devices, eq(devices.id, photos.deviceId));

/**
 * One page of the photos matching `where`, newest first, and the cursor of the next page (null on the
 * last): the paging every photo list shares.
 */
export async function newestFirst(
  db: Db,
  where: SQL | undefined,
  page: PageOpts,
): Promise<{ rows: PhotoSelection[]; nextCursor: string | null }> {
  const limit = pageLimit(page);
  const rows = await selectPhotos(db)
    .where(and(where, afterCursor(page.cursor)))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (r) => ({ at: r.photo.createdAt, id: r.photo.id }));
}

/**
 * Photos as the browser receives them: their renditions as short-lived signed URLs (ADR 003), issued
 * only in answers to viewers allowed to see the photo, and the untouched original for the host alone.
 */
export class PhotoView {
  constructor(private readonly signer: UrlSigner) {}

  private sign(key: string | null | undefined): string | null {
    return key ? this.signer.sign(key, IMAGE_URL_TTL_SECONDS) : null;
  }

  dto({ photo: row, made, device }: PhotoSelection, asHost: boolean): PhotoDto {
    const kinds = byKind(made);
    const thumb = kinds.get('thumb');
    const display = kinds.get('display');
    const dto: PhotoDto = {
      id: row.id,
      eventId: row.eventId,
      kind: captureKindOf(row.kind),
      caption: row.caption,
      status: row.status as PhotoStatus,
      createdAt: row.createdAt.toISOString(),
      thumbUrl: this.sign(thumb?.key),
      displayUrl: this.sign(display?.key),
      storageKeyThumb: thumb?.key ?? null,
      storageKeyDisplay: display?.key ?? null,
      processed: row.processedAt !== null,
      // the display rendition's size once developed, the original's before
      width: display?.width ?? row.width,
      height: display?.height ?? row.height,
      // The anonymous id is a guest's only credential besides the cookie: show just its tail.
      device: { displayName: device?.displayName ?? null, anonId: device ? device.anonId.slice(-4) : '' },
      deviceDisplayName: device?.displayName ?? null,
    };
    if (dto.kind === 'clip') {
      const video = kinds.get('video');
      dto.videoUrl = this.sign(video?.key);
      dto.posterUrl = dto.displayUrl;
      dto.durationMs = video?.durationMs ?? null;
    }
    if (asHost) {
      dto.flagCount = row.flagCount;
      dto.reportCount = row.reportCount - row.reportsReviewed;
      dto.held = row.heldAt !== null;
      dto.flagReason = row.flagReason;
      dto.safetyScore = row.safetyScore;
      dto.originalUrl = this.sign(row.originalKey) ?? undefined;
    }
    return dto;
  }

  /**
   * The public gallery's shape (ADR 022): no event id, status or storage keys. Its kind is named only
   * for captures other than photos (ADR 030), so a photo's public shape is what it always was.
   */
  publicDto(sel: PhotoSelection): PublicPhoto {
    const d = this.dto(sel, false);
    return {
      id: d.id,
      ...(d.kind !== DEFAULT_CAPTURE_KIND && { kind: d.kind }),
      caption: d.caption,
      createdAt: d.createdAt,
      thumbUrl: d.thumbUrl,
      displayUrl: d.displayUrl,
      width: d.width,
      height: d.height,
      device: d.device,
      deviceDisplayName: d.deviceDisplayName,
      ...(d.kind === 'clip' && { videoUrl: d.videoUrl, posterUrl: d.posterUrl, durationMs: d.durationMs }),
    };
  }
}
