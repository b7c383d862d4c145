import { ask, type Bus } from '@afterglow/bus';
import {
  ADMIN_IDS_MAX,
  ADMIN_PAGE_MAX,
  billingPlans,
  billingPremium,
  billingStats,
  eventStatus,
  eventsByHost,
  eventsList,
  eventsStats,
  identityStats,
  identityUsers,
  photosEventCounts,
  photosList,
  photosModerate,
  photosStats,
  type AdminEventFilter,
  type AdminEventRow,
  type AdminModerateAction,
  type AdminPage,
  type AdminPhotoFilter,
  type AdminPhotoRow,
  type AdminStats,
  type AdminUserFilter,
  type AdminUserRow,
  type AuditEntryDto,
  type Principal,
} from '@afterglow/contracts';
import { auditDto, type AuditLog } from './audit';
import { photoLabel } from './labels';

export interface ListQuery<F> {
  search?: string | undefined;
  filter: F;
  cursor?: string | undefined;
  limit: number;
}

const T = { timeoutMs: 10_000 };
const unique = (xs: string[]) => [...new Set(xs)];
/** Splits ids into batches a bus question may carry. */
const batches = (ids: string[], size: number = ADMIN_IDS_MAX) =>
  Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));

/** The start of today, UTC: where 'new today' and 'photos today' count from. */
export const startOfTodayUtc = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * The back office's reads and photo decisions (ADR 028). It owns none of the data: each list is one
 * page asked of the service that owns the rows (identity, events, photos), then completed with what
 * the others know of that page (plans, counts, e-mails, event names) in one batched question each.
 */
export class BackOffice {
  constructor(
    private readonly bus: Bus,
    private readonly audit: AuditLog,
  ) {}

  async stats(now = new Date()): Promise<AdminStats> {
    const since = startOfTodayUtc(now).toISOString();
    const [users, events, photos, billing] = await Promise.all([
      ask(this.bus, identityStats, { since }, T),
      ask(this.bus, eventsStats, {}, T),
      ask(this.bus, photosStats, { since }, T),
      ask(this.bus, billingStats, {}, T),
    ]);
    return {
      totalUsers: users.total,
      newUsersToday: users.since,
      activeEvents: events.active,
      totalEvents: events.total,
      photosToday: photos.since,
      totalPhotos: photos.total,
      revenue: billing.revenueCents / 100,
      flaggedPhotos: photos.flagged,
    };
  }

  /** Each id's e-mail (null for an account that is gone). */
  private async emailsOf(ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const b of batches(unique(ids), ADMIN_PAGE_MAX)) {
      const { users } = await ask(this.bus, identityUsers, { ids: b, limit: b.length }, T);
      for (const u of users) out.set(u.id, u.email);
    }
    return out;
  }

  /** Photos and guests per event. */
  private async countsOf(eventIds: string[]) {
    const out = new Map<string, { photoCount: number; guestCount: number }>();
    for (const b of batches(unique(eventIds))) {
      const { events } = await ask(this.bus, photosEventCounts, { eventIds: b }, T);
      for (const e of events) out.set(e.eventId, e);
    }
    return out;
  }

  async users(q: ListQuery<AdminUserFilter>): Promise<AdminPage<AdminUserRow>> {
    const among =
      q.filter === 'premium' ? (await ask(this.bus, billingPremium, {}, T)).accountIds : undefined;
    const status = q.filter === 'active' || q.filter === 'suspended' ? q.filter : undefined;
    const page = await ask(
      this.bus,
      identityUsers,
      {
        limit: q.limit,
        ...(q.search ? { search: q.search } : {}),
        ...(status ? { status } : {}),
        ...(among ? { among } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      T,
    );
    const ids = page.users.map((u) => u.id);
    const [{ plans }, { hosts }] = await Promise.all([
      ask(this.bus, billingPlans, { accountIds: ids }, T),
      ask(this.bus, eventsByHost, { hostIds: ids }, T),
    ]);
    const counts = await this.countsOf(hosts.flatMap((h) => h.eventIds));
    const planOf = new Map(plans.map((p) => [p.accountId, p.plan]));
    const eventsOf = new Map(hosts.map((h) => [h.hostId, h.eventIds]));
    return {
      items: page.users.map((u) => {
        const own = eventsOf.get(u.id) ?? [];
        return {
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          isAdmin: u.isAdmin,
          plan: planOf.get(u.id) ?? 'free',
          eventCount: own.length,
          photoCount: own.reduce((n, e) => n + (counts.get(e)?.photoCount ?? 0), 0),
          status: u.isSuspended ? 'suspended' : 'active',
          joinedAt: u.createdAt,
        };
      }),
      nextCursor: page.nextCursor,
    };
  }

  async events(q: ListQuery<AdminEventFilter>): Promise<AdminPage<AdminEventRow>> {
    const page = await ask(
      this.bus,
      eventsList,
      {
        limit: q.limit,
        ...(q.search ? { search: q.search } : {}),
        ...(q.filter !== 'all' ? { status: q.filter } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      T,
    );
    const [emails, counts] = await Promise.all([
      this.emailsOf(page.events.map((e) => e.hostId)),
      this.countsOf(page.events.map((e) => e.id)),
    ]);
    const now = Date.now();
    return {
      items: page.events.map((e) => ({
        ...e,
        hostEmail: emails.get(e.hostId) ?? null,
        photoCount: counts.get(e.id)?.photoCount ?? 0,
        guestCount: counts.get(e.id)?.guestCount ?? 0,
        status: eventStatus(e, now),
      })),
      nextCursor: page.nextCursor,
    };
  }

  async photos(q: ListQuery<AdminPhotoFilter>): Promise<AdminPage<AdminPhotoRow>> {
    // a search also finds the photos of events whose name or code matches it
    const matching = q.search
      ? (await ask(this.bus, eventsList, { search: q.search, limit: 100 }, T)).events.map((e) => e.id)
      : [];
    const page = await ask(
      this.bus,
      photosList,
      {
        limit: q.limit,
        filter: q.filter,
        ...(q.search ? { search: q.search, orEventIds: matching } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      T,
    );
    const eventIds = unique(page.photos.map((p) => p.eventId));
    const events = new Map<string, { name: string; code: string }>();
    for (const b of batches(eventIds, ADMIN_PAGE_MAX)) {
      const found = await ask(this.bus, eventsList, { ids: b, limit: b.length }, T);
      for (const e of found.events) events.set(e.id, e);
    }
    return {
      items: page.photos.map((p) => ({
        ...p,
        eventName: events.get(p.eventId)?.name ?? null,
        eventCode: events.get(p.eventId)?.code ?? null,
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** Approve, reject or flag any photo; recorded in the audit log with the reason. */
  async moderate(admin: Principal, photoId: string, action: AdminModerateAction, reason?: string) {
    const photo = await ask(
      this.bus,
      photosModerate,
      { photoId, action, by: admin.userId, ...(reason ? { reason } : {}) },
      T,
    );
    await this.audit.record({
      by: admin.userId,
      action:
        action === 'approve' ? 'photo.approved' : action === 'reject' ? 'photo.rejected' : 'photo.flagged',
      targetId: photoId,
      label: await photoLabel(this.bus, photo.eventId),
      ...(reason ? { reason } : {}),
    });
    return photo;
  }

  async activity(page: { cursor?: string | undefined; limit: number }): Promise<AdminPage<AuditEntryDto>> {
    const { rows, nextCursor } = await this.audit.list({
      limit: page.limit,
      ...(page.cursor ? { cursor: page.cursor } : {}),
    });
    const emails = await this.emailsOf(rows.map((r) => r.actorId));
    return { items: rows.map((r) => auditDto(r, emails.get(r.actorId) ?? null)), nextCursor };
  }
}
