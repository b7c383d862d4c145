import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { eventRevealed } from '@afterglow/contracts';
import { outboxRow, type Db } from '@afterglow/db';
import { events, outbox } from '../adapters/schema';

/** Reveal times further back than this when first seen are marked, not announced (nobody waits now). */
const STALE_MS = 24 * 3600_000;
const BATCH = 200;

/**
 * The reveal pass (ADR 035): each event whose reveal time has come gets `event.revealed` in the outbox,
 * once for its reveal time, in the transaction that marks it (rows held with `for update skip locked`:
 * any number of replicas may run it). A reveal time moved later is announced again when it comes.
 */
export class Reveals {
  constructor(
    private readonly d: {
      db: Db;
      /** after a pass wrote facts to the outbox */
      written?: () => void;
    },
  ) {}

  async run(now = new Date()): Promise<number> {
    const announced = await this.d.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: events.id, code: events.code, revealAt: events.revealAt })
        .from(events)
        .where(and(isNull(events.revealAnnouncedAt), lte(events.revealAt, now)))
        .orderBy(asc(events.revealAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let n = 0;
      for (const e of due) {
        await tx.update(events).set({ revealAnnouncedAt: now }).where(eq(events.id, e.id));
        if (e.revealAt!.getTime() < now.getTime() - STALE_MS) continue;
        await tx.insert(outbox).values(
          outboxRow({
            subject: eventRevealed.subject,
            msgId: `${eventRevealed.subject}:${e.id}:${e.revealAt!.toISOString()}`,
            payload: eventRevealed.schema.parse({
              eventId: e.id,
              code: e.code,
              revealAt: e.revealAt!.toISOString(),
              at: now.toISOString(),
            }),
          }),
        );
        n++;
      }
      return n;
    });
    if (announced) this.d.written?.();
    return announced;
  }
}

/** A reveal time moved to the future is announced again when it comes. */
export const revealMoved = (revealAt: Date | null, now = new Date()) =>
  revealAt && revealAt > now ? { revealAnnouncedAt: null } : {};
