import { ask, type Bus } from '@afterglow/bus';
import {
  ADMIN_IDS_MAX,
  ADMIN_PAGE_MAX,
  eventsList,
  identityUsers,
  photosEventCounts,
  type AdminEventFacts,
} from '@afterglow/contracts';

/**
 * What the back office looks up by id in the services that own it, in as few bus questions as a
 * question may carry: accounts' e-mails, events' facts, events' photo and guest counts.
 */
export const T = { timeoutMs: 10_000 };

/** Asks `lookup` for the distinct ids in batches of `size`, and gathers each answer's entries by id. */
async function byIds<V>(
  ids: string[],
  size: number,
  lookup: (batch: string[]) => Promise<[string, V][]>,
): Promise<Map<string, V>> {
  const distinct = [...new Set(ids)];
  const out = new Map<string, V>();
  for (let i = 0; i < distinct.length; i += size)
    for (const [id, v] of await lookup(distinct.slice(i, i + size))) out.set(id, v);
  return out;
}

/** Each account's e-mail (none for an account that is gone). */
export const emailsOf = (bus: Bus, ids: string[]) =>
  byIds(ids, ADMIN_PAGE_MAX, async (b) =>
    (await ask(bus, identityUsers, { ids: b, limit: b.length }, T)).users.map((u) => [u.id, u.email]),
  );

/** Each event's facts (none for an event that is gone). */
export const eventsOf = (bus: Bus, ids: string[]) =>
  byIds<AdminEventFacts>(ids, ADMIN_PAGE_MAX, async (b) =>
    (await ask(bus, eventsList, { ids: b, limit: b.length }, T)).events.map((e) => [e.id, e]),
  );

/** Photos and guests per event. */
export const countsOf = (bus: Bus, ids: string[]) =>
  byIds(ids, ADMIN_IDS_MAX, async (b) =>
    (await ask(bus, photosEventCounts, { eventIds: b }, T)).events.map((e) => [e.eventId, e]),
  );

/** How the audit log names an event: 'Name (CODE)'. */
export const eventLabel = (e: Pick<AdminEventFacts, 'name' | 'code'>) => `${e.name} (${e.code})`;

/** How the audit log names a photo: by its event (null once the event is gone). */
export const photoLabel = async (bus: Bus, eventId: string) => {
  const event = (await eventsOf(bus, [eventId])).get(eventId);
  return event ? `Photo in ${eventLabel(event)}` : null;
};

/** How the audit log names a guestbook entry: by its event (null once the event is gone). */
export const entryLabel = async (bus: Bus, eventId: string) => {
  const event = (await eventsOf(bus, [eventId])).get(eventId);
  return event ? `Message in ${eventLabel(event)}` : null;
};
