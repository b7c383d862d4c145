import { revealMoved } from './reveals';
import {
  LIFECYCLE_MESSAGES,
  badRequest,
  conflict,
  eventStatus,
  extendRefusal,
  revealAfterMove,
  type HostEvent,
  type Principal,
} from '@afterglow/contracts';
import type { EventsApp } from './events';
import { toRecord } from './events';

/** Why the host's own deletion happened, as `event.deleted` carries it. */
export const HOST_DELETION_REASON = 'Deleted by the host';

/**
 * The host ends an event early, extends it within the plan's hosting days, or deletes it (ADR 018).
 * Admins may do the same to any event. The checks are the contracts' rules (`lifecycle.ts`).
 */
export class EventLifecycle {
  constructor(private readonly events: EventsApp) {}

  /**
   * Ends the event now. An event that reveals at its end reveals now too; one that had not started
   * yet starts and ends now. An ended event answers 409.
   */
  async end(id: string, actor: Principal, guestOrigin: string, now = new Date()): Promise<HostEvent> {
    const row = await this.events.ownRow(id, actor);
    const e = toRecord(row);
    if (eventStatus(e, now.getTime()) === 'ended')
      throw conflict(LIFECYCLE_MESSAGES.alreadyEnded, 'event_ended');
    const at = now.toISOString();
    const revealAt = revealAfterMove(e, at);
    return this.events.update(
      id,
      actor,
      {
        endsAt: now,
        revealAt: revealAt ? new Date(revealAt) : null,
        ...(row.startsAt > now ? { startsAt: now } : {}),
      },
      guestOrigin,
      { endsAt: row.endsAt },
    );
  }

  /**
   * Moves the end later, within the hosting days of the host's plan counted from the event's start.
   * An ended event opens again; the reveal follows the end when it was at the end.
   */
  async extend(
    id: string,
    actor: Principal,
    endsAt: string,
    guestOrigin: string,
    now = Date.now(),
  ): Promise<HostEvent> {
    const row = await this.events.ownRow(id, actor);
    const e = toRecord(row);
    // the host's plan, whoever asks (an admin extends within the host's plan too)
    const { hostingDays } = await this.events.entitlementsOf({ accountId: row.hostId });
    const refusal = extendRefusal(e, endsAt, hostingDays, now);
    if (refusal) throw badRequest(refusal, 'validation_failed', [{ path: 'endsAt', message: refusal }]);
    const end = new Date(endsAt).toISOString();
    const revealAt = revealAfterMove(e, end);
    return this.events.update(
      id,
      actor,
      {
        endsAt: new Date(end),
        revealAt: revealAt ? new Date(revealAt) : null,
        // a reveal already announced and moved later is announced again when it comes
        ...revealMoved(revealAt ? new Date(revealAt) : null, new Date(now)),
      },
      guestOrigin,
      { endsAt: row.endsAt },
    );
  }

  /** The host (or an admin) deletes the event, the same way an admin's deletion goes. */
  async delete(id: string, actor: Principal): Promise<void> {
    const row = await this.events.ownRow(id, actor);
    await this.events.delete(row.id, actor.userId, HOST_DELETION_REASON);
  }
}
