import { IMAGE_URL_TTL_SECONDS, type PhotoDto, type PhotoStatus } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import type { UrlSigner } from '@afterglow/storage';
import type { DeviceRow, PhotoRow, RenditionRow } from '../adapters/schema';
import { renditionsOf } from './renditions';

export type Author = Pick<DeviceRow, 'displayName' | 'anonId'> | null;

/**
 * Photos as the browser receives them: their renditions as short-lived signed URLs (ADR 003), issued
 * only in answers to viewers allowed to see the photo, and the untouched original for the host alone.
 */
export class PhotoView {
  constructor(
    private readonly db: Db,
    private readonly signer: UrlSigner,
  ) {}

  private sign(key: string | null | undefined): string | null {
    return key ? this.signer.sign(key, IMAGE_URL_TTL_SECONDS) : null;
  }

  /** The answers for these photos (with their renditions, read in one query). */
  async dtos(rows: { photo: PhotoRow; device: Author }[], asHost: boolean): Promise<PhotoDto[]> {
    const made = await renditionsOf(
      this.db,
      rows.map((r) => r.photo.id),
    );
    return rows.map((r) => this.dto(r.photo, made.get(r.photo.id), r.device, asHost));
  }

  dto(row: PhotoRow, made: Map<string, RenditionRow> | undefined, device: Author, asHost: boolean): PhotoDto {
    const thumb = made?.get('thumb');
    const display = made?.get('display');
    const dto: PhotoDto = {
      id: row.id,
      eventId: row.eventId,
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
    if (asHost) {
      dto.flagCount = row.flagCount;
      dto.originalUrl = this.sign(row.originalKey) ?? undefined;
    }
    return dto;
  }
}
