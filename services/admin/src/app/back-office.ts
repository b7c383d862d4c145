import { ask, type Bus } from '@afterglow/bus';
import {
  billingPlans,
  billingPremium,
  billingStats,
  eventStatus,
  eventsByHost,
  eventsList,
  eventsStats,
  identityStats,
  identityUsers,
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
  type CaptureKind,
  type Principal,
} from '@afterglow/contracts';
import { PHOTO_AUDIT_ACTIONS, auditDto, type AuditLog } from './audit';
import { T, countsOf, emailsOf, eventsOf, photoLabel } from './lookups';

export interface ListQuery<F> {
  search?: string | undefined;
  filter: F;
  cursor?: string | undefined;
  limit: number;
}

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
    const counts = await countsOf(
      this.bus,
      hosts.flatMap((h) => h.eventIds),
    );
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
      emailsOf(
        this.bus,
        page.events.map((e) => e.hostId),
      ),
      countsOf(
        this.bus,
        page.events.map((e) => e.id),
      ),
    ]);
    const now = Date.now();
    return {
      items: page.events.map((e) => ({
        ...e,
        hostEmail: emails.get(e.hostId) ?? null,
        photoCount: counts.get(e.id)?.photoCount ?? 0,
        guestCount: counts.get(e.id)?.guestCount ?? 0,
        faceCount: counts.get(e.id)?.faceCount ?? 0,
        status: eventStatus(e, now),
      })),
      nextCursor: page.nextCursor,
    };
  }

  async photos(
    q: ListQuery<AdminPhotoFilter> & { kind?: CaptureKind | undefined },
  ): Promise<AdminPage<AdminPhotoRow>> {
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
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.search ? { search: q.search, orEventIds: matching } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      },
      T,
    );
    const events = await eventsOf(
      this.bus,
      page.photos.map((p) => p.eventId),
    );
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
      action: PHOTO_AUDIT_ACTIONS[action],
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
    const emails = await emailsOf(
      this.bus,
      rows.map((r) => r.actorId),
    );
    return { items: rows.map((r) => auditDto(r, emails.get(r.actorId) ?? null)), nextCursor };
  }
}
