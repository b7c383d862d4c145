import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const adminSchema = pgSchema('admin');

/** What admins did: who, what, to whom or which event, when and why. Rows are only ever added. */
export const auditLog = adminSchema.table(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the admin's user id */
    actorId: text('actor_id').notNull(),
    /** `user.suspended`, `user.unsuspended`, `event.deleted` */
    action: text('action').notNull(),
    /** the user or event acted on */
    targetId: text('target_id').notNull(),
    /** the reason the admin gave; null where none is asked (reinstating an account) */
    reason: text('reason'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetId)],
);

export type AuditRow = typeof auditLog.$inferSelect;
