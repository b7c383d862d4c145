import { desc } from 'drizzle-orm';
import type { AuditAction, AuditEntryDto, PhotoModerated } from '@afterglow/contracts';
import { afterKeyset, keysetPage, type Db } from '@afterglow/db';
import type { Logger } from '@afterglow/service-kit';
import { auditLog, type AuditRow } from '../adapters/schema';

export type { AuditAction };

export interface AuditEntry {
  /** the admin's (or host's) user id */
  by: string;
  /** `admin` unless said */
  role?: 'admin' | 'host';
  action: AuditAction;
  targetId: string;
  /** how the target was known when it was acted on (an e-mail, an event's name and code) */
  label?: string | null;
  reason?: string;
  /** the message the entry comes from, so a redelivered one is recorded once */
  sourceId?: string;
  at?: Date;
}

/** What the log calls each decision on a photo (`photo.moderated`'s `action`, an admin's action). */
export const PHOTO_AUDIT_ACTIONS = {
  approve: 'photo.approved',
  reject: 'photo.rejected',
  flag: 'photo.flagged',
  // a host setting a photo back to pending (PATCH /api/photos/{id})
  status: 'photo.pending',
} as const satisfies Record<NonNullable<PhotoModerated['action']>, AuditAction>;

/**
 * The audit log (`admin.audit_log`): every admin action and every host's decision on a photo, added
 * after it is done and never changed (the database refuses updates and deletes). Each entry is also a
 * line in the service's log.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Records what was done (after it is done). */
  async record(e: AuditEntry): Promise<void> {
    const inserted = await this.db
      .insert(auditLog)
      .values({
        actorId: e.by,
        actorRole: e.role ?? 'admin',
        action: e.action,
        targetId: e.targetId,
        targetLabel: e.label ?? null,
        reason: e.reason ?? null,
        sourceId: e.sourceId ?? null,
        ...(e.at ? { at: e.at } : {}),
      })
      .onConflictDoNothing({ target: auditLog.sourceId })
      .returning({ id: auditLog.id });
    if (inserted.length === 0) return;
    this.logger.info(
      {
        audit: e.action,
        targetId: e.targetId,
        by: e.by,
        role: e.role ?? 'admin',
        ...(e.reason ? { reason: e.reason } : {}),
      },
      e.action.replace('.', ' '),
    );
  }

  /**
   * A host's approve, reject or flag, from `photo.moderated`. An admin's decision is recorded by the
   * admin service when it makes it, and a message from before decisions named their maker is skipped.
   */
  async recordModeration(
    m: PhotoModerated,
    sourceId: string,
    labelOf: (eventId: string) => Promise<string | null>,
  ): Promise<boolean> {
    const action = m.action && PHOTO_AUDIT_ACTIONS[m.action];
    if (m.byRole !== 'host' || !m.by || !action) return false;
    await this.record({
      label: await labelOf(m.eventId),
      by: m.by,
      role: 'host',
      action,
      targetId: m.photoId,
      ...(m.reason ? { reason: m.reason } : {}),
      sourceId,
      at: new Date(m.at),
    });
    return true;
  }

  /** Newest first, a page at a time. */
  async list(page: {
    cursor?: string;
    limit: number;
  }): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(afterKeyset(auditLog.at, auditLog.id, page.cursor))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit + 1);
    return keysetPage(rows, page.limit, (r) => ({ at: r.at, id: r.id }));
  }
}

export const auditDto = (r: AuditRow, actorEmail: string | null): AuditEntryDto => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorEmail,
  actorRole: r.actorRole === 'host' ? 'host' : 'admin',
  action: r.action as AuditAction,
  targetId: r.targetId,
  targetLabel: r.targetLabel,
  reason: r.reason,
});
