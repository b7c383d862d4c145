import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLAN_CODES, PLAN_MESSAGES, forbidden, type DeviceDto, type EventRecord } from '@afterglow/contracts';
import { searchAny, type Db } from '@afterglow/db';
import { devices, type DeviceRow } from '../adapters/schema';
import type { EventsClient } from '../app/events-client';

/** How a guest is named: the name they joined with (or none) and their anonymous id. */
export type Author = Pick<DeviceRow, 'anonId' | 'displayName'>;

/** Guests' devices: joining an event, within its plan's guest limit, and the device's roll. */
export class Devices {
  constructor(private readonly d: { db: Db; events: EventsClient }) {}

  async get(deviceId: string): Promise<DeviceRow | null> {
    const [row] = await this.d.db.select().from(devices).where(eq(devices.id, deviceId));
    return row ?? null;
  }

  /** The names of these devices' guests (for the lists that say who wrote what). */
  async authors(deviceIds: readonly string[]): Promise<Map<string, Author>> {
    const ids = [...new Set(deviceIds)];
    if (!ids.length) return new Map();
    const rows = await this.d.db
      .select({ id: devices.id, anonId: devices.anonId, displayName: devices.displayName })
      .from(devices)
      .where(inArray(devices.id, ids));
    return new Map(rows.map((r) => [r.id, { anonId: r.anonId, displayName: r.displayName }]));
  }

  /**
   * A condition on a device id column: its guest's name matches the search. The guests whose name
   * matches are found first (a small table), as one subquery, not a join per row scanned.
   */
  named(search: string, deviceId: AnyPgColumn): SQL {
    return inArray(
      deviceId,
      this.d.db.select({ id: devices.id }).from(devices).where(searchAny(search, devices.displayName)),
    );
  }

  toDto(d: DeviceRow, e: EventRecord): DeviceDto {
    return {
      id: d.id,
      eventId: d.eventId,
      anonId: d.anonId,
      displayName: d.displayName,
      shotsTaken: d.shotsTaken,
      shotsRemaining: shotsRemaining(e, d.shotsTaken),
      createdAt: d.createdAt.toISOString(),
    };
  }

  /**
   * Joins a guest. A browser that already holds a device of this event (its cookie) with the same
   * anonId gets that device back; anyone else gets a new one, within the plan's guest limit.
   */
  async join(code: string, anonId: string, displayName: string | null, ownedDeviceIds: string[]) {
    const { db } = this.d;
    const e = await this.d.events.getOr404(code);
    if (ownedDeviceIds.length) {
      const [mine] = await db
        .select()
        .from(devices)
        .where(
          and(eq(devices.eventId, e.id), eq(devices.anonId, anonId), inArray(devices.id, ownedDeviceIds)),
        );
      if (mine) {
        const [d] = await db
          .update(devices)
          .set({ displayName: displayName ?? mine.displayName, lastSeenAt: new Date() })
          .where(eq(devices.id, mine.id))
          .returning();
        return { event: e, device: d!, created: false };
      }
    }
    if (e.maxGuests !== null && (await deviceCount(db, e.id)) >= e.maxGuests)
      throw forbidden(PLAN_MESSAGES.guestLimit, PLAN_CODES.guestLimit);
    const [d] = await db.insert(devices).values({ eventId: e.id, anonId, displayName }).returning();
    return { event: e, device: d!, created: true };
  }
}

/** Shots left on a roll. */
export const shotsRemaining = (e: EventRecord, shotsTaken: number) =>
  Math.max(0, e.maxShotsPerDevice - shotsTaken);

// A capture takes its shot from the roll in the database, in the capture's own statement (ADR 004):
// `photos.claim_shot` (migration 0014_take_capture), this module's, called by `photos.take_capture`.

/** Devices (guests) that joined the event. */
export async function deviceCount(db: Db, eventId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(eq(devices.eventId, eventId));
  return c?.n ?? 0;
}
