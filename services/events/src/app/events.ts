import { and, eq, sql } from 'drizzle-orm';
import {
  MOODS,
  billingEntitlements,
  eventCreated,
  eventDeleted,
  eventUpdated,
  forbidden,
  notFound,
  conflict,
  photosCounts,
  type CreateEventBody,
  type EventRecord,
  type Entitlements,
  type HostEvent,
  type Principal,
  type PublicEvent,
  type UpdateEventBody,
  deletionDate,
  hostingEnd,
  isUuid,
  latestEnd,
} from '@afterglow/contracts';
import { ask, cachedAsk, type Bus } from '@afterglow/bus';
import { isUniqueViolation, outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import { events, eventsCreated, outbox, type EventRow } from '../adapters/schema';
import { newEventCode, newSlug, normalizeCode } from './codes';
import { toPublic, toRecord } from './records';
import {
  checkEventLimit,
  checkHosting,
  checkLiveSlideshow,
  checkClips,
  checkFindMe,
  checkPublicGallery,
  heldEvents,
} from './plan-checks';
import { shareLinks } from './share-links';

export { toPublic, toRecord };

export class EventsApp {
  /** What an account's plan allows, as billing answers it (kept briefly). */
  readonly entitlementsOf: (r: { accountId: string }) => Promise<Entitlements>;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    /** publishes what is written to `events.outbox` */
    private readonly relay: OutboxRelay,
  ) {
    this.entitlementsOf = cachedAsk(bus, billingEntitlements, { timeoutMs: 3000 });
  }

  /**
   * What the host sees of an event: the record, the join link and QR code for `guestOrigin`, guests,
   * and how late the host's plan lets the event end.
   */
  private async hostView(row: EventRow, guestOrigin: string, deviceCount?: number): Promise<HostEvent> {
    const rec = toRecord(row);
    const [links, guests, plan] = await Promise.all([
      shareLinks(rec.code, guestOrigin),
      deviceCount ?? this.deviceCount(rec.id),
      this.entitlementsOf({ accountId: rec.hostId }).catch(() => null),
    ]);
    const hostingDays = plan?.hostingDays ?? null;
    return {
      ...rec,
      ...links,
      deviceCount: guests,
      hostingDays,
      maxEndsAt: hostingDays === null ? null : latestEnd(rec.startsAt, hostingDays).toISOString(),
      hostingEndsAt: hostingDays === null ? null : hostingEnd(rec, hostingDays).toISOString(),
      deletesAt: hostingDays === null ? null : deletionDate(rec, hostingDays).toISOString(),
      publicGallery: plan?.publicGallery ?? null,
      planFindMe: plan?.findMe ?? null,
    };
  }

  async create(host: Principal, body: CreateEventBody, guestOrigin: string): Promise<HostEvent> {
    // the event keeps the limits of the host's plan when it was created
    const limits = await this.entitlementsOf({ accountId: host.userId });
    checkHosting(limits, body.startsAt, body.endsAt);
    checkClips(limits, body.allowClips);
    checkFindMe(limits, body.findMe);
    const mood = MOODS[body.colorMood];
    const revealAt =
      body.revealMode === 'end' ? new Date(body.endsAt) : body.revealAt ? new Date(body.revealAt) : null;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newEventCode();
      try {
        const row = await this.db.transaction(async (tx) => {
          // one creation at a time per host, so two at once cannot both take the plan's last event
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${host.userId}))`);
          checkEventLimit(limits, await heldEvents(tx, host.userId, limits.since));
          const [made] = await tx
            .insert(events)
            .values({
              code,
              slug: newSlug(body.name),
              name: body.name,
              hostId: host.userId,
              plan: limits.plan,
              startsAt: new Date(body.startsAt),
              endsAt: new Date(body.endsAt),
              revealAt,
              timezone: body.timezone,
              liveMode: body.revealMode === 'live',
              maxShotsPerDevice: body.maxShotsPerDevice,
              shotCount: body.shotCount,
              filmMode: body.filmMode,
              filmPreset: body.filmPreset,
              noRetakes: body.noRetakes,
              allowCaptions: body.allowCaptions,
              allowClips: body.allowClips,
              clipSeconds: body.clipSeconds,
              findMe: body.findMe,
              isPublic: false,
              shareDescription: null,
              colorMood: body.colorMood,
              language: body.language,
              primaryColor: body.primaryColor ?? mood.primaryColor,
              accentColor: body.accentColor ?? mood.accentColor,
              backgroundGradient: body.backgroundGradient ?? mood.backgroundGradient,
              maxPhotos: limits.photosPerEvent,
              maxGuests: limits.guestsPerEvent,
            })
            .returning();
          // the account's record of it, which outlives the event (what a bought plan counts)
          await tx
            .insert(eventsCreated)
            .values({ eventId: made!.id, hostId: host.userId, createdAt: made!.createdAt });
          return made!;
        });
        const rec = toRecord(row!);
        await this.bus.publish(
          eventCreated.subject,
          eventCreated.schema.parse({
            eventId: rec.id,
            code: rec.code,
            hostId: rec.hostId,
            at: rec.createdAt,
          }),
          { msgId: `event.created:${rec.id}` },
        );
        return this.hostView(row!, guestOrigin, 0);
      } catch (err) {
        if (isUniqueViolation(err)) continue; // code or slug collision: draw again
        throw err;
      }
    }
    throw conflict('Could not allocate an event code, please try again', 'code_exhausted');
  }

  async findRow(idOrCode: string): Promise<EventRow | null> {
    if (isUuid(idOrCode)) {
      const [r] = await this.db.select().from(events).where(eq(events.id, idOrCode.toLowerCase()));
      return r ?? null;
    }
    const code = normalizeCode(idOrCode);
    if (!code) return null;
    const [r] = await this.db.select().from(events).where(eq(events.code, code));
    return r ?? null;
  }

  async get(idOrCode: string): Promise<EventRecord | null> {
    const r = await this.findRow(idOrCode);
    return r ? toRecord(r) : null;
  }

  /** The event at this slug (slugs are lower-case words and dashes; anything else is no event). */
  async getBySlug(slug: string): Promise<EventRecord | null> {
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
    const [r] = await this.db.select().from(events).where(eq(events.slug, slug));
    return r ? toRecord(r) : null;
  }

  async deviceCount(eventId: string): Promise<number> {
    try {
      const r = await ask(this.bus, photosCounts, { eventId }, { timeoutMs: 2000 });
      return r.deviceCount;
    } catch {
      return 0;
    }
  }

  /** Host (or admin) view with the QR code; everyone else gets the public fields. */
  async view(
    idOrCode: string,
    viewer: Principal | null,
    guestOrigin: string,
  ): Promise<PublicEvent | HostEvent> {
    const r = await this.findRow(idOrCode);
    if (!r) throw notFound('Event not found', 'event_not_found');
    if (viewer && (viewer.userId === r.hostId || viewer.isAdmin)) return this.hostView(r, guestOrigin);
    return toPublic(toRecord(r));
  }

  /** The event, when `actor` is its host or an admin: 404 for no such event, 403 for anyone else. */
  async ownRow(id: string, actor: Principal): Promise<EventRow> {
    const r = isUuid(id) ? await this.findRow(id) : null;
    if (!r) throw notFound('Event not found', 'event_not_found');
    if (r.hostId !== actor.userId && !actor.isAdmin)
      throw forbidden('Only the host can change this event', 'not_host');
    return r;
  }

  /**
   * Changes an event `actor` may change and tells the other services (`event.updated`). With `unless`
   * the change applies only while the row still has that end: a change made meanwhile answers 409.
   */
  async update(
    id: string,
    actor: Principal,
    patch: Partial<typeof events.$inferInsert>,
    guestOrigin: string,
    unless?: { endsAt: Date },
  ): Promise<HostEvent> {
    await this.ownRow(id, actor);
    const key = eq(events.id, id.toLowerCase());
    const where = unless ? and(key, eq(events.endsAt, unless.endsAt)) : key;
    const [row] = await this.db.update(events).set(patch).where(where).returning();
    if (!row) throw conflict('The event changed meanwhile, please try again', 'event_changed');
    const rec = toRecord(row);
    await this.bus.publish(
      eventUpdated.subject,
      eventUpdated.schema.parse({ eventId: rec.id, code: rec.code, at: new Date().toISOString() }),
    );
    return this.hostView(row, guestOrigin);
  }

  /**
   * Deletes an event: its host's `DELETE /api/events/{id}` and an admin's (over `rpc.events.delete`),
   * both checked before. `event.deleted` is written to the outbox in the row's transaction, so it is
   * never lost for a deleted row nor sent for one that stays; the photos service then removes the
   * event's photos, devices and stored objects, and realtime tells everyone watching.
   */
  async delete(id: string, deletedBy: string, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await deleteEventRow(tx, id, deletedBy, reason)))
        throw notFound('Event not found', 'event_not_found');
    });
    this.relay.kick();
  }

  /**
   * The printable QR kit: the host's view of the event, for a host whose plan includes the kit
   * (billing's answer for the host's account now, so an upgrade unlocks it at once).
   */
  async qrKit(id: string, actor: Principal, guestOrigin: string): Promise<HostEvent> {
    const row = await this.ownRow(id, actor);
    const limits = await this.entitlementsOf({ accountId: row.hostId });
    if (!limits.qrKit)
      throw forbidden(
        'Your plan does not include the printable QR kit. Upgrade your plan to print a poster and table cards.',
        'plan_no_qr_kit',
      );
    return this.hostView(row, guestOrigin);
  }

  /** The live slideshow on or off; on needs the host's plan to include it (billing's answer now). */
  async setLiveMode(id: string, actor: Principal, enabled: boolean, guestOrigin: string) {
    const row = await this.ownRow(id, actor);
    if (enabled) checkLiveSlideshow(await this.entitlementsOf({ accountId: row.hostId }), enabled);
    return this.update(id, actor, { liveMode: enabled }, guestOrigin);
  }

  /** Sharing settings; a public gallery needs the host's plan to include one (billing's answer now). */
  async setSharing(
    id: string,
    actor: Principal,
    sharing: { isPublic: boolean; shareDescription: string | null; reportThreshold?: number },
    guestOrigin: string,
  ) {
    const row = await this.ownRow(id, actor);
    if (sharing.isPublic)
      checkPublicGallery(await this.entitlementsOf({ accountId: row.hostId }), sharing.isPublic);
    return this.update(id, actor, sharing, guestOrigin);
  }

  /**
   * The settings a host may change after creating the event (PATCH /api/events/{id}): its language,
   * whether guests may take clips and how long.
   */
  async edit(id: string, actor: Principal, changes: UpdateEventBody, guestOrigin: string) {
    if (changes.allowClips || changes.findMe) {
      const row = await this.ownRow(id, actor);
      const plan = await this.entitlementsOf({ accountId: row.hostId });
      checkClips(plan, changes.allowClips);
      checkFindMe(plan, changes.findMe);
    }
    return this.update(id, actor, changes, guestOrigin);
  }
}

/**
 * The one way an event row goes (the host's delete, an admin's, retention's): the row and, in the same
 * transaction, `event.deleted` in the outbox, from which the photos service removes its photos,
 * devices and stored objects. Answers the row, or null when there was none.
 */
export async function deleteEventRow(
  tx: Pick<Db, 'delete' | 'insert'>,
  id: string,
  deletedBy: string,
  reason: string,
  at = new Date(),
): Promise<EventRow | null> {
  const [row] = await tx.delete(events).where(eq(events.id, id.toLowerCase())).returning();
  if (!row) return null;
  await tx.insert(outbox).values(
    outboxRow({
      subject: eventDeleted.subject,
      msgId: `event.deleted:${row.id}`,
      payload: eventDeleted.schema.parse({
        eventId: row.id,
        code: row.code,
        hostId: row.hostId,
        deletedBy,
        reason,
        at: at.toISOString(),
      }),
    }),
  );
  return row;
}
