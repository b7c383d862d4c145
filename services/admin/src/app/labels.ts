import { ask, type Bus } from '@afterglow/bus';
import { ADMIN_PAGE_MAX, eventsList } from '@afterglow/contracts';

/** 'Name (CODE)' of each event that still exists, asked of events in pages of ADMIN_PAGE_MAX ids. */
export async function eventLabels(bus: Bus, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += ADMIN_PAGE_MAX) {
    const batch = unique.slice(i, i + ADMIN_PAGE_MAX);
    const { events } = await ask(bus, eventsList, { ids: batch, limit: batch.length }, { timeoutMs: 10_000 });
    for (const e of events) out.set(e.id, `${e.name} (${e.code})`);
  }
  return out;
}

/** How the audit log names a photo: by its event. */
export const photoLabel = async (bus: Bus, eventId: string) => {
  const event = (await eventLabels(bus, [eventId])).get(eventId);
  return event ? `Photo in ${event}` : null;
};
