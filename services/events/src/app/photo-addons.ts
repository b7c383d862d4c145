import { eq, sql } from 'drizzle-orm';
import type { paymentExtraPhotos } from '@afterglow/contracts';
import { eventUpdated } from '@afterglow/contracts';
import type { Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import { events, photoAddons } from '../adapters/schema';

type Fact = ReturnType<typeof paymentExtraPhotos.schema.parse>;

/**
 * Billing's Extra Photos facts: the event's photo limit goes up by the add-on's photos once per
 * payment, and down again once when that payment is refunded (ADR 024). Redelivered facts change
 * nothing; a refund seen before its grant keeps the grant from applying.
 */
export async function applyExtraPhotos(db: Db, bus: Bus, fact: Fact): Promise<void> {
  const changed = await db.transaction(async (tx) => {
    const [prior] = await tx
      .select()
      .from(photoAddons)
      .where(eq(photoAddons.paymentId, fact.paymentId))
      .for('update');
    let delta = 0;
    if (!prior) {
      await tx.insert(photoAddons).values({
        paymentId: fact.paymentId,
        eventId: fact.eventId,
        photos: fact.photos,
        revoked: !fact.granted,
      });
      delta = fact.granted ? fact.photos : 0;
    } else if (!fact.granted && !prior.revoked) {
      await tx.update(photoAddons).set({ revoked: true }).where(eq(photoAddons.paymentId, fact.paymentId));
      delta = -prior.photos;
    }
    if (delta === 0) return null;
    const [row] = await tx
      .update(events)
      .set({ maxPhotos: sql`greatest(0, ${events.maxPhotos} + ${delta})` })
      .where(eq(events.id, fact.eventId))
      .returning({ id: events.id, code: events.code });
    return row ?? null;
  });
  if (changed)
    await bus.publish(
      eventUpdated.subject,
      eventUpdated.schema.parse({ eventId: changed.id, code: changed.code, at: new Date().toISOString() }),
    );
}
