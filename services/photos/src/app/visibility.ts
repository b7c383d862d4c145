import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  HttpError,
  PHOTO_STATUSES,
  forbidden,
  type EventRecord,
  type PhotoStatus,
  type Principal,
} from '@afterglow/contracts';
import { guestbookEntries, photos, type PhotoRow } from '../adapters/schema';

/**
 * Who may see which photo (ADR 003), stated once. Every listing, the live notices' audience and the
 * reveal checks ask this module; the rule gives a `Scope`, from which come both the predicate for one
 * row (`inScope`) and the SQL condition for a query (`scopeWhere`), so the two cannot disagree.
 */

/** Who is looking: the signed-in person (or nobody), and the guest device the request proved it holds. */
export interface Viewer {
  principal?: Principal | null;
  deviceId?: string | null;
  /** anyone on the internet, with no code: the public gallery and share links (ADR 022) */
  public?: boolean;
}

/** The photos of one event matching any one clause; a clause names only the conditions it sets. */
interface Clause {
  deviceId?: string;
  statuses?: readonly PhotoStatus[];
  developed?: true;
  /** not held by guests' reports (ADR 023) */
  unheld?: true;
}
export interface Scope {
  eventId: string;
  clauses: readonly Clause[];
}

/** What the rule reads of a row: a photo's, or a guestbook entry's (which has nothing to develop). */
type Visible = Pick<PhotoRow, 'eventId' | 'deviceId' | 'status' | 'heldAt'> & {
  processedAt?: Date | null;
};

export const isHostOf = (e: EventRecord, p: Principal | null | undefined) =>
  !!p && (p.userId === e.hostId || p.isAdmin);
export const isRevealed = (e: EventRecord, now = Date.now()) =>
  e.revealAt !== null && Date.parse(e.revealAt) <= now;

const NOT_REJECTED = PHOTO_STATUSES.filter((s) => s !== 'rejected');

/**
 * The rule. The event's host (and admins) see every photo of the event. A guest sees the photos their
 * device took. Everyone else holding the code sees, after the reveal, every developed photo the host
 * did not reject; before it, in live mode, the developed approved ones; otherwise nothing. The public
 * (no code) sees the developed approved photos of a public event once it is revealed or live. A photo
 * held by guests' reports is left out of what everyone else sees until the host decides.
 */
export function visibleTo(e: EventRecord, viewer: Viewer, now = Date.now()): Scope {
  // The public: only while the host keeps the gallery public, only once photos show at all (the
  // reveal, or live mode), and only the developed ones the host approved.
  if (viewer.public)
    return {
      eventId: e.id,
      clauses:
        e.isPublic && (isRevealed(e, now) || e.liveMode)
          ? [{ statuses: ['approved'], developed: true, unheld: true }]
          : [],
    };
  if (isHostOf(e, viewer.principal)) return { eventId: e.id, clauses: [{}] };
  const clauses: Clause[] = [];
  if (viewer.deviceId) clauses.push({ deviceId: viewer.deviceId });
  if (isRevealed(e, now)) clauses.push({ statuses: NOT_REJECTED, developed: true, unheld: true });
  else if (e.liveMode) clauses.push({ statuses: ['approved'], developed: true, unheld: true });
  return { eventId: e.id, clauses };
}

/**
 * What may be put up in front of a room (venue screens, the live display) from what a viewer may see:
 * approved, developed photos that guests' reports do not hold, even for the host.
 */
export const forShowing = (s: Scope): Scope => ({
  eventId: s.eventId,
  clauses: s.clauses.map((c) => ({ ...c, statuses: ['approved'], developed: true, unheld: true })),
});

export const seesNothing = (s: Scope) => s.clauses.length === 0;

/** May the viewer the scope was made for see this photo? */
export function inScope(s: Scope, row: Visible): boolean {
  return (
    row.eventId === s.eventId &&
    s.clauses.some(
      (c) =>
        (c.deviceId === undefined || row.deviceId === c.deviceId) &&
        (c.statuses === undefined || c.statuses.includes(row.status as PhotoStatus)) &&
        (!c.developed || row.processedAt !== null) &&
        (!c.unheld || row.heldAt === null),
    )
  );
}

/** The columns a scope is a condition on; `processedAt` only where rows are developed (photos). */
interface Columns {
  eventId: typeof photos.eventId | typeof guestbookEntries.eventId;
  deviceId: typeof photos.deviceId | typeof guestbookEntries.deviceId;
  status: typeof photos.status | typeof guestbookEntries.status;
  heldAt: typeof photos.heldAt | typeof guestbookEntries.heldAt;
  processedAt?: typeof photos.processedAt;
}

function whereOn(t: Columns, s: Scope): SQL {
  if (seesNothing(s)) return sql`false`;
  const clause = (c: Clause) =>
    and(
      c.deviceId === undefined ? undefined : eq(t.deviceId, c.deviceId),
      c.statuses === undefined ? undefined : inArray(t.status, [...c.statuses]),
      c.developed && t.processedAt ? isNotNull(t.processedAt) : undefined,
      c.unheld ? isNull(t.heldAt) : undefined,
    ) ?? sql`true`;
  return and(eq(t.eventId, s.eventId), or(...s.clauses.map(clause)))!;
}

/** The same scope as a condition on `photos.photos` (for an empty scope, one no row meets). */
export const scopeWhere = (s: Scope): SQL => whereOn(photos, s);

/**
 * Guestbook entries (issue 23) follow the photos' rule (convention 14), with approval in place of
 * developing: the event's host (and admins) see every entry; everyone else with the code sees, once
 * the rule shows them photos at all (after the reveal, or in live mode), the approved entries that
 * guests' reports do not hold; the public (no code) sees none. A device's own entries are its own
 * clause (`{ deviceId }`), as its photos are.
 */
export function entriesVisibleTo(e: EventRecord, viewer: Viewer, now = Date.now()): Scope {
  if (viewer.public) return { eventId: e.id, clauses: [] };
  if (isHostOf(e, viewer.principal)) return { eventId: e.id, clauses: [{}] };
  const clauses: Clause[] = [];
  if (viewer.deviceId) clauses.push({ deviceId: viewer.deviceId });
  const others = visibleTo(e, { principal: viewer.principal }, now).clauses;
  if (others.length) clauses.push({ statuses: ['approved'], unheld: true });
  return { eventId: e.id, clauses };
}

/** A scope of entries as a condition on `photos.guestbook_entries`. */
export const entryScopeWhere = (s: Scope): SQL => whereOn(guestbookEntries, s);

/** Whom a live notice about this photo may reach: every watcher when anyone with the code may see it. */
export const audienceOf = (e: EventRecord, row: Visible, now = Date.now()): 'host' | 'all' =>
  inScope(visibleTo(e, {}, now), row) ? 'all' : 'host';

/** Only the event's host (or an admin) may go on. */
export function assertHost(e: EventRecord, viewer: Principal | null): void {
  if (!viewer) throw new HttpError(401, 'unauthorized', 'Sign in required');
  if (!isHostOf(e, viewer)) throw forbidden('Only the host can do this', 'not_host');
}
