import type { Bus } from '@afterglow/bus';
import { FIND_ME_THRESHOLD_DEFAULT } from '@afterglow/contracts';
import type { Database, Db, OutboxRelay } from '@afterglow/db';
import type { ObjectStore, UrlSigner } from '@afterglow/storage';
import { createGuestbook } from '../guestbook';
import { createGuests } from '../guests';
import { PhotosBackOffice } from './back-office';
import { ClipUploads } from './clip-uploads';
import { Deletion } from './deletion';
import { Developing } from './developing';
import type { EventsClient } from './events-client';
import { Gallery } from './gallery';
import { GuestbookBackOffice } from './guestbook-back-office';
import { HostPlans } from './host-plan';
import { LiveNotices } from './live';
import { Moderation } from './moderation';
import { PhotoView } from './photo-view';
import { PublicGalleries } from './public-gallery';
import { Screens } from './screens';
import { Stats } from './stats';
import { Uploads } from './upload';
import { Reminders } from '../reminders';
import { FindMe, type Describe } from '../find-me';
import { describeSelfie } from '@afterglow/faces';

export interface PhotosDeps {
  db: Db;
  /** runs a statement in the database's next group commit (`Database.grouped`): a guest's upload */
  grouped: Database['grouped'];
  bus: Bus;
  store: ObjectStore;
  signer: UrlSigner;
  events: EventsClient;
  /** publishes what the use cases write to `photos.outbox` */
  relay: OutboxRelay;
  /** where hosts open Afterglow (links in their e-mails) */
  publicUrl?: string;
  /** origins push subscriptions may point at besides the browsers' push services */
  pushOrigins?: readonly string[];
  /** Find Me's match threshold (AFTERGLOW_FIND_ME_THRESHOLD) */
  findMeThreshold?: number;
  /** describes a selfie's faces in memory (default: `@afterglow/faces`' worker in this process) */
  describe?: Describe;
}

/** The photos service's use cases, one object per capability, over one set of adapters. */
export function photosApp(given: PhotosDeps) {
  // what each event's host may do, as billing answers it: the watermark, the public gallery
  const deps = { ...given, plans: new HostPlans(given.bus) };
  const live = new LiveNotices(deps.bus);
  const view = new PhotoView(deps.signer);
  const guests = createGuests(deps, live);
  const moderation = new Moderation(deps, view, live);
  const uploads = new Uploads(deps, guests);
  const guestbook = createGuestbook({ ...deps, guests });
  const findMe = new FindMe(
    {
      db: deps.db,
      events: deps.events,
      relay: deps.relay,
      threshold: deps.findMeThreshold ?? FIND_ME_THRESHOLD_DEFAULT,
      describe: deps.describe ?? describeSelfie,
    },
    view,
  );
  return {
    findMe,
    guests,
    uploads,
    reminders: new Reminders({
      db: deps.db,
      events: deps.events,
      relay: deps.relay,
      publicUrl: deps.publicUrl ?? '',
      pushOrigins: deps.pushOrigins ?? [],
    }),
    clipUploads: new ClipUploads(deps, uploads, guests),
    gallery: new Gallery(deps, view),
    stats: new Stats(deps),
    moderation,
    backOffice: new PhotosBackOffice({ db: deps.db, view, moderation }),
    guestbookBackOffice: new GuestbookBackOffice(guests, guestbook.entries),
    developing: new Developing(deps, live, (p, e, made) => findMe.developed(p, e, made)),
    deletion: new Deletion(deps, live),
    screens: new Screens(deps, view, guestbook.entries),
    publicGalleries: new PublicGalleries(deps, view),
    guestbook,
  };
}
export type PhotosApp = ReturnType<typeof photosApp>;
