import type { Db } from '@afterglow/db';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';
import type { EventsClient } from '../app/events-client';
import type { HostPlans } from '../app/host-plan';
import type { Guests } from '../guests';
import { GuestbookEntries } from './entries';
import { GuestbookPosts } from './posting';
import { GuestbookView } from './view';

/**
 * The guestbook (issue 23), beside the photos: guests' messages for the hosts, written or recorded.
 * It asks what photos ask: the guests module who a guest is (and their name), the visibility module
 * who may see an entry, billing (through `HostPlans`) whether the plan takes voice messages. An
 * event's entries go with the event (`Deletion.deleteEvent`) and into its export (`export-plan.ts`).
 */
export function createGuestbook(d: {
  db: Db;
  store: ObjectStore;
  signer: UrlSigner;
  events: EventsClient;
  plans: HostPlans;
  guests: Guests;
}) {
  const view = new GuestbookView(d.signer, d.guests);
  return { posts: new GuestbookPosts(d), entries: new GuestbookEntries(d, view) };
}
export type Guestbook = ReturnType<typeof createGuestbook>;

export type { GuestbookQuery } from './entries';
