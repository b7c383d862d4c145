import type { Db } from '@afterglow/db';
import type { Logger } from '@afterglow/service-kit';
import { auditLog } from '../adapters/schema';

export type AuditAction = 'user.suspended' | 'user.unsuspended' | 'event.deleted';

export interface AuditEntry {
  /** the admin's user id */
  by: string;
  action: AuditAction;
  targetId: string;
  reason?: string;
}

/** The admin audit log (`admin.audit_log`), and a line in the service's log for each entry. */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Records what an admin has done (after it is done). */
  async record(e: AuditEntry): Promise<void> {
    await this.db
      .insert(auditLog)
      .values({ actorId: e.by, action: e.action, targetId: e.targetId, reason: e.reason ?? null });
    this.logger.info(
      { audit: e.action, targetId: e.targetId, by: e.by, ...(e.reason ? { reason: e.reason } : {}) },
      e.action.replace('.', ' '),
    );
  }
}
