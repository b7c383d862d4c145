import { index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const adminSchema = pgSchema('admin');

/**
 * What admins did, and what hosts decided on their guests' photos: who, what, to which user, event
 * or photo, when and why. Rows are only ever added: the database refuses to change or delete one.
 */
export const auditLog = adminSchema.table(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // milliseconds, as a page's cursor carries them (packages/db/src/lists.ts)
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** the admin's (or host's) user id */
    actorId: text('actor_id').notNull(),
    /** `admin` (the back office) or `host` (a host moderating their own event) */
    actorRole: text('actor_role').notNull().default('admin'),
    /** one of AUDIT_ACTIONS: `user.suspended`, `event.deleted`, `photo.approved`, … */
    action: text('action').notNull(),
    /** the user, event or photo acted on */
    targetId: text('target_id').notNull(),
    /** how the dashboard names the target (an e-mail, an event's name and code), as it was then */
    targetLabel: text('target_label'),
    /** the reason given; null where none is asked (reinstating an account, approving a photo) */
    reason: text('reason'),
    /** the bus message an entry was recorded from (host moderation): a redelivery adds nothing */
    sourceId: text('source_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_target_idx').on(t.targetId),
    uniqueIndex('audit_log_source_idx').on(t.sourceId),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
