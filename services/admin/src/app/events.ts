import { ask, type Bus } from '@afterglow/bus';
import { eventsDelete, type Principal } from '@afterglow/contracts';
import type { AuditLog } from './audit';
import { eventLabel, eventsOf } from './lookups';

/** Admins delete events. Events are the events service's: it deletes the event and tells everyone. */
export class AdminEvents {
  constructor(
    private readonly bus: Bus,
    private readonly audit: AuditLog,
  ) {}

  /** The photos, devices and images follow over the bus (`event.deleted`); 404 for an unknown event. */
  async delete(admin: Principal, eventId: string, reason: string): Promise<void> {
    // its name and code, for the audit log, while it still has them
    const event = (await eventsOf(this.bus, [eventId])).get(eventId);
    const label = event ? eventLabel(event) : null;
    await ask(this.bus, eventsDelete, { eventId, deletedBy: admin.userId, reason }, { timeoutMs: 10_000 });
    await this.audit.record({ by: admin.userId, action: 'event.deleted', targetId: eventId, label, reason });
  }
}
