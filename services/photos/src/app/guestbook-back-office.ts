import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type {
  AdminGuestbookFilter,
  Principal,
  RpcRequest,
  RpcResponse,
  photosGuestbookList,
  photosGuestbookModerate,
} from '@afterglow/contracts';
import { searchAny } from '@afterglow/db';
import { guestbookEntries } from '../adapters/schema';
import type { GuestbookEntries } from '../guestbook/entries';
import type { Guests } from '../guests';

const FILTERS: Record<AdminGuestbookFilter, SQL | undefined> = {
  all: undefined,
  pending: eq(guestbookEntries.status, 'pending'),
  approved: eq(guestbookEntries.status, 'approved'),
  rejected: eq(guestbookEntries.status, 'rejected'),
  // hidden from guests and screens by reports until someone decides
  held: isNotNull(guestbookEntries.heldAt),
};

/**
 * What the back office asks of the guestbook over the bus (ADRs 028, 034): entries of every event,
 * page by page, and an admin's decision on one. Both are the guestbook module's own: its list in the
 * host's shape (a recording signed as a photo's thumbnail is) and the host's decisions, with the admin
 * as the one who decided (admins may moderate any event).
 */
export class GuestbookBackOffice {
  constructor(
    private readonly guests: Pick<Guests, 'named'>,
    private readonly entries: GuestbookEntries,
  ) {}

  async list(q: RpcRequest<typeof photosGuestbookList>): Promise<RpcResponse<typeof photosGuestbookList>> {
    const search = q.search
      ? or(
          searchAny(q.search, guestbookEntries.text),
          this.guests.named(q.search, guestbookEntries.deviceId),
          q.orEventIds?.length ? inArray(guestbookEntries.eventId, q.orEventIds) : undefined,
        )
      : undefined;
    const page = await this.entries.everywhere(and(FILTERS[q.filter ?? 'all'], search), {
      limit: q.limit,
      ...(q.cursor ? { cursor: q.cursor } : {}),
    });
    return {
      entries: page.entries.map((e) => ({
        id: e.id,
        eventId: e.eventId,
        kind: e.kind,
        text: e.text,
        audioUrl: e.audioUrl,
        durationMs: e.durationMs,
        deviceName: e.deviceName,
        author: e.author,
        status: e.status,
        reportCount: e.reportCount,
        held: e.held,
        createdAt: e.createdAt,
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** An admin's approve, reject or delete: the host's own, with the admin as the one who decided. */
  async moderate(
    r: RpcRequest<typeof photosGuestbookModerate>,
  ): Promise<RpcResponse<typeof photosGuestbookModerate>> {
    const admin: Principal = { userId: r.by, email: '', isAdmin: true };
    if (r.action === 'delete') {
      const gone = await this.entries.remove(r.entryId, admin);
      return { id: gone.id, eventId: gone.eventId, status: null, held: false, deleted: true };
    }
    const status = r.action === 'approve' ? 'approved' : 'rejected';
    const dto = await this.entries.moderate(r.entryId, admin, status);
    return { id: dto.id, eventId: dto.eventId, status: dto.status, held: dto.held, deleted: false };
  }
}
