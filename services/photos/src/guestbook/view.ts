import {
  IMAGE_URL_TTL_SECONDS,
  guestLabel,
  type GuestbookEntryDto,
  type GuestbookKind,
  type GuestbookStatus,
  type OwnGuestbookEntry,
  type PublicGuestbookEntry,
} from '@afterglow/contracts';
import type { UrlSigner } from '@afterglow/storage';
import type { GuestbookRow } from '../adapters/schema';
import type { Author, Guests } from '../guests';

/**
 * Guestbook entries as the browser receives them: a recording as a short-lived signed URL (ADR 003),
 * issued only in answers to viewers allowed to hear it, the author by name, never by device id.
 */
export class GuestbookView {
  constructor(
    private readonly signer: UrlSigner,
    private readonly guests: Pick<Guests, 'authors'>,
  ) {}

  /** The authors of these rows, asked of the guests module once per list. */
  authorsOf(rows: readonly GuestbookRow[]): Promise<Map<string, Author>> {
    return this.guests.authors(rows.map((r) => r.deviceId));
  }

  /** The host's shape (and admins'): every field, the decision and the reports. */
  dto(row: GuestbookRow, author: Author | undefined): GuestbookEntryDto {
    return {
      id: row.id,
      eventId: row.eventId,
      kind: row.kind as GuestbookKind,
      text: row.text,
      audioUrl: row.audioKey ? this.signer.sign(row.audioKey, IMAGE_URL_TTL_SECONDS) : null,
      durationMs: row.durationMs,
      deviceName: author?.displayName ?? null,
      author: guestLabel(author?.displayName, author?.anonId),
      status: row.status as GuestbookStatus,
      createdAt: row.createdAt.toISOString(),
      reportCount: row.reportCount - row.reportsReviewed,
      held: row.heldAt !== null,
    };
  }

  /** Guests' and venue screens' shape: no status, no event or device ids, no reports. */
  publicDto(row: GuestbookRow, author: Author | undefined): PublicGuestbookEntry {
    const d = this.dto(row, author);
    return {
      id: d.id,
      kind: d.kind,
      text: d.text,
      audioUrl: d.audioUrl,
      durationMs: d.durationMs,
      deviceName: d.deviceName,
      author: d.author,
      createdAt: d.createdAt,
    };
  }

  /** A guest's own entry: the public shape and where it stands. */
  ownDto(row: GuestbookRow, author: Author | undefined): OwnGuestbookEntry {
    return { ...this.publicDto(row, author), status: row.status as GuestbookStatus };
  }
}
