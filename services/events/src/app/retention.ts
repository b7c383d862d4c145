import { asc, eq, lt } from 'drizzle-orm';
import { RETENTION_GRACE_DAYS, deletionDate, hostingEnd, type Entitlements } from '@afterglow/contracts';
import { mailRequested, type MailRequest } from '@afterglow/contracts';
import { outboxRow, type Db } from '@afterglow/db';
import { events, notifications, outbox, type EventRow } from '../adapters/schema';
import { deleteEventRow } from './events';
import { toRecord } from './records';

const DAY_MS = 24 * 3600_000;
/** ended events looked at per pass; the next pass goes on */
const BATCH = 500;

export interface RetentionPass {
  warned: number;
  deleted: number;
}

/** 'Jun 14, 2026' in the event's time zone (spec section 9), or in UTC for a zone the runtime lacks. */
function day(d: Date, timeZone: string): string {
  const f = (tz: string) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      timeZone: tz,
    }).format(d);
  try {
    return f(timeZone);
  } catch {
    return f('UTC');
  }
}

const hostingEndedNotice = (e: EventRow, ended: Date, deletes: Date) => ({
  subject: `Hosting for “${e.name}” has ended`,
  body:
    `Hosting for your event “${e.name}” (code ${e.code}) ended on ${day(ended, e.timezone)}. ` +
    `On ${day(deletes, e.timezone)} the event and all its photos will be deleted. ` +
    `Download them with the ZIP export on the event's dashboard before then, or upgrade your plan to keep them longer.`,
});
const purgedNotice = (e: EventRow, ended: Date) => ({
  subject: `“${e.name}” and its photos were deleted`,
  body:
    `Your event “${e.name}” (code ${e.code}) and all its photos were deleted, ` +
    `${RETENTION_GRACE_DAYS} days after its hosting ended on ${day(ended, e.timezone)}.`,
});

/**
 * Retention (ADR 026): events past their plan's hosting period get a `hosting_ended` notification (for
 * e-mail; the host dashboard shows the same dates), and once the grace period has passed, counted from
 * that warning too, the event is deleted the one way events are deleted (`event.deleted`, from which
 * photos removes every photo and stored object). Safe on any number of replicas at once: each event is
 * handled under its row lock (`for update skip locked`), the warning is unique per event and kind,
 * and a deleted row is not deleted again.
 */
export class Retention {
  constructor(
    private readonly d: {
      db: Db;
      entitlementsOf: (r: { accountId: string }) => Promise<Entitlements>;
      /** after a pass wrote facts to the outbox */
      written?: () => void;
      /** where hosts open Afterglow (the links in their e-mails) */
      publicUrl?: string;
    },
  ) {}

  async run(now = new Date()): Promise<RetentionPass> {
    const pass: RetentionPass = { warned: 0, deleted: 0 };
    // an event's hosting never ends before the event does
    const ended = await this.d.db
      .select()
      .from(events)
      .where(lt(events.endsAt, now))
      .orderBy(asc(events.endsAt))
      .limit(BATCH);
    for (const row of ended) {
      let days: number;
      try {
        days = (await this.d.entitlementsOf({ accountId: row.hostId })).hostingDays;
      } catch {
        continue; // billing cannot say just now: the next pass asks again
      }
      const rec = toRecord(row);
      const end = hostingEnd(rec, days);
      if (now < end) continue;
      await this.d.db.transaction(async (tx) => {
        const [mine] = await tx
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, row.id))
          .for('update', { skipLocked: true });
        if (!mine) return; // another replica has it, or it is gone
        const [warned] = await tx
          .insert(notifications)
          .values({
            userId: row.hostId,
            eventId: row.id,
            kind: 'hosting_ended',
            createdAt: now,
            ...hostingEndedNotice(row, end, deletionDate(rec, days)),
          })
          .onConflictDoNothing()
          .returning();
        if (warned) {
          await this.mail(tx, {
            key: `hosting-ended:${row.id}`,
            template: 'hosting.ended',
            to: { userId: row.hostId },
            params: {
              eventName: row.name,
              code: row.code,
              endedAt: end.toISOString(),
              deletesAt: deletionDate(rec, days).toISOString(),
              timezone: row.timezone,
              url: `${this.d.publicUrl ?? ''}/host/dashboard/${row.id}`,
            },
          });
          pass.warned++;
          return;
        }
        const [notice] = await tx
          .select({ at: notifications.createdAt })
          .from(notifications)
          .where(eq(notifications.eventId, row.id));
        // the full grace period from the warning, even when a pass came late
        const due = Math.max(
          deletionDate(rec, days).getTime(),
          notice!.at.getTime() + RETENTION_GRACE_DAYS * DAY_MS,
        );
        if (now.getTime() < due) return;
        await tx
          .insert(notifications)
          .values({
            userId: row.hostId,
            eventId: row.id,
            kind: 'event_purged',
            createdAt: now,
            ...purgedNotice(row, end),
          })
          .onConflictDoNothing();
        await this.mail(tx, {
          key: `event-purged:${row.id}`,
          template: 'event.purged',
          to: { userId: row.hostId },
          params: {
            eventName: row.name,
            code: row.code,
            endedAt: end.toISOString(),
            timezone: row.timezone,
            graceDays: RETENTION_GRACE_DAYS,
          },
        });
        if (await deleteEventRow(tx, row.id, 'retention', 'Hosting period ended', now)) pass.deleted++;
      });
    }
    if (pass.deleted || pass.warned) this.d.written?.();
    return pass;
  }

  /** The host's e-mail (ADR 035), written to the outbox with the notification it tells of. */
  private async mail(tx: Pick<Db, 'insert'>, m: MailRequest): Promise<void> {
    await tx.insert(outbox).values(
      outboxRow({
        subject: mailRequested.subject,
        msgId: `mail:${m.key}`,
        payload: mailRequested.schema.parse(m),
      }),
    );
  }
}
