import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DeviceDto, EventRecord, ReportReason, ReportResult } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import type { DeviceRow } from '../adapters/schema';
import type { EventsClient } from '../app/events-client';
import type { LiveNotices } from '../app/live';
import { deviceProof, type DeviceProof } from './device-cookie';
import { Devices, type Author } from './devices';
import { Reports } from './reports';

/**
 * Who a guest is (ADR 029): the one door to guests' devices, their cookies, their limits and their
 * reports. Captures of every kind ask this module; nothing outside `guests/` imports its other files
 * or queries `photos.devices` and `photos.reports` (checked by `boundary.test.ts`).
 */

/** A guest's device on one event: who took a capture, and their roll. */
export type Device = DeviceRow;

export type { DeviceCookie, DeviceProof } from './device-cookie';
export type { Author } from './devices';

export interface Joined {
  event: EventRecord;
  device: Device;
  /** false: this browser's own device of the event came back */
  created: boolean;
}

export interface Guests {
  /**
   * Joins a guest. A browser that already holds a device of this event (its cookie) with the same
   * anonId gets that device back; anyone else gets a new one, within the plan's guest limit (403
   * `guest_limit_reached`).
   */
  join(code: string, anonId: string, displayName: string | null, ownedDeviceIds: string[]): Promise<Joined>;
  /** Proving devices by their cookies with the process's secret: the cookie to set, which are owned. */
  proof(secret: Buffer): DeviceProof;
  /** The device, or null. */
  device(deviceId: string): Promise<Device | null>;
  /** The device as its guest sees it (shots taken and remaining on the event's roll). */
  toDto(device: Device, event: EventRecord): DeviceDto;
  /** A guest reports a capture of their event (ADR 023); a device counts once per capture. */
  report(photoId: string, device: Device, reason: ReportReason): Promise<ReportResult>;
  /** A guest reports a guestbook entry of their event, as a capture (ADR 023). */
  reportEntry(entryId: string, device: Device, reason: ReportReason): Promise<ReportResult>;
  /** Who these devices' guests are, by device id (devices that are gone are left out). */
  authors(deviceIds: readonly string[]): Promise<Map<string, Author>>;
  /** A condition on a device id column: the guest's name matches `search` (the back office's search). */
  named(search: string, deviceId: AnyPgColumn): SQL;
}

export function createGuests(deps: { db: Db; events: EventsClient }, live: LiveNotices): Guests {
  const devices = new Devices(deps);
  const reports = new Reports(deps, live);
  const device = (deviceId: string) => devices.get(deviceId);
  return {
    join: (code, anonId, displayName, owned) => devices.join(code, anonId, displayName, owned),
    proof: (secret) => deviceProof(secret, device),
    device,
    toDto: (d, e) => devices.toDto(d, e),
    report: (photoId, d, reason) => reports.report(photoId, d, reason),
    reportEntry: (entryId, d, reason) => reports.reportEntry(entryId, d, reason),
    authors: (ids) => devices.authors(ids),
    named: (search, deviceId) => devices.named(search, deviceId),
  };
}

// The roll's rules, for captures (limits that need no object: one statement, one count).
export { deviceCount, shotsRemaining } from './devices';
export { notYours } from './device-cookie';
