import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  FIND_ME_MESSAGES,
  HttpError,
  boxOverlap,
  captureKindOf,
  facesWanted,
  forbidden,
  matchScore,
  type EventRecord,
  type FacesDescribed,
  type FindMeRemoval,
  type FindMeResult,
  type NamedRendition,
} from '@afterglow/contracts';
import { outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import { FaceModelError, largestFace } from '@afterglow/faces';
import {
  faceRemovals,
  faces,
  findMeEvents,
  outbox,
  photos,
  renditions,
  type PhotoRow,
} from '../adapters/schema';
import type { EventsClient } from '../app/events-client';
import { selectPhotos, type PhotoView } from '../app/photo-view';
import { checkDeviceOf } from '../app/upload';
import { scopeWhere, seesNothing, visibleTo } from '../app/visibility';
import type { Device } from '../guests';
import { FaceIndex, descriptorBytes } from './face-index';

/** A face as the describer answers it (`@afterglow/faces`). */
export interface DescribedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: ArrayLike<number>;
}
/** Describes every face in a picture, in memory. */
export type Describe = (image: Buffer) => Promise<DescribedFace[]>;

/** Where a search's time went (the route tells it in `Server-Timing`; the bench reads it). */
export interface Timing {
  describeMs?: number;
  matchMs?: number;
}

/** How much a new face must overlap a box a guest removed to be left out again. */
const REMOVED_OVERLAP = 0.5;
/** Jobs written to the outbox per statement when an event's photos are sent to indexing. */
const BATCH = 500;

/** The rendition whose faces are described: a clip's video (its frames are sampled), a photo's display. */
const indexedRendition = (kind: string) => (captureKindOf(kind) === 'clip' ? 'video' : 'display');

/**
 * Find Me (ADR 036): which photos of an event a guest is in, from a selfie described in memory and
 * compared with the faces of the event's photos. The host turns it on per event; photos then has the
 * media worker describe each developed capture's faces (`photo.faces.wanted` -> `photo.faces.described`)
 * and keeps them here; off deletes them all. The selfie is never written anywhere: not to storage, not
 * to the database, not to a log.
 */
export class FindMe {
  private readonly index: FaceIndex;

  constructor(
    private readonly d: {
      db: Db;
      events: EventsClient;
      relay: OutboxRelay;
      /** the largest descriptor distance taken as the same person */
      threshold: number;
      describe: Describe;
    },
    private readonly view: PhotoView,
  ) {
    this.index = new FaceIndex(d.db);
  }

  get threshold(): number {
    return this.d.threshold;
  }

  /**
   * The event's settings changed (`event.updated`): Find Me on marks the event and sends the photos
   * already developed to indexing; off deletes every face record of the event at once.
   */
  async reconcile(eventId: string): Promise<void> {
    const e = await this.d.events.fresh(eventId);
    if (e?.findMe) {
      if (await this.mark(e.id)) await this.sendUnindexed({ eventId: e.id, tag: `on:${Date.now()}` });
    } else await this.forget(eventId);
  }

  /** Marks the event as having Find Me on; true when it was not marked before. */
  private async mark(eventId: string): Promise<boolean> {
    const fresh = await this.d.db.insert(findMeEvents).values({ eventId }).onConflictDoNothing().returning();
    return fresh.length > 0;
  }

  /**
   * Find Me off: the mark first (it waits for any recording in progress), then every face. An event
   * never marked has none (faces are recorded only under the mark): most events' settings changes
   * cost one statement.
   */
  async forget(eventId: string): Promise<number> {
    const gone = await this.d.db.transaction(async (tx) => {
      const marked = await tx
        .delete(findMeEvents)
        .where(eq(findMeEvents.eventId, eventId))
        .returning({ eventId: findMeEvents.eventId });
      if (marked.length === 0) return 0;
      const gone = await tx.delete(faces).where(eq(faces.eventId, eventId)).returning({ id: faces.id });
      await tx
        .update(photos)
        .set({ facesAt: null })
        .where(and(eq(photos.eventId, eventId), isNotNull(photos.facesAt)));
      return gone.length;
    });
    this.index.drop(eventId);
    return gone;
  }

  /** A capture developed: its faces are asked for when its event has Find Me on. */
  async developed(p: Pick<PhotoRow, 'id' | 'eventId' | 'kind'>, e: EventRecord, made: NamedRendition[]) {
    if (!e.findMe) return;
    const key = made.find((r) => r.kind === indexedRendition(p.kind))?.key;
    if (!key) return;
    await this.mark(e.id);
    await this.d.db
      .insert(outbox)
      .values(outboxRow(job({ photoId: p.id, eventId: p.eventId, kind: p.kind, key }, 'new')));
    this.d.relay.kick();
  }

  /**
   * Developed captures of events with Find Me on whose faces were never recorded (developed before it
   * was turned on, or a job lost with the in-memory bus) go to indexing: those of one event, or of every
   * marked event developed more than `olderThanMs` ago. Answers how many were sent.
   */
  async sendUnindexed(o: { eventId?: string; olderThanMs?: number; tag: string; limit?: number }) {
    let sent = 0;
    let lastId = '';
    for (;;) {
      const rows = await this.d.db
        .select({ photoId: photos.id, eventId: photos.eventId, kind: photos.kind, key: renditions.key })
        .from(photos)
        .innerJoin(findMeEvents, eq(findMeEvents.eventId, photos.eventId))
        .innerJoin(
          renditions,
          and(
            eq(renditions.photoId, photos.id),
            // indexedRendition, row by row
            sql`${renditions.kind} = case when ${photos.kind} = 'clip' then 'video' else 'display' end`,
          ),
        )
        .where(
          and(
            o.eventId ? eq(photos.eventId, o.eventId) : undefined,
            isNotNull(photos.processedAt),
            isNull(photos.facesAt),
            o.olderThanMs === undefined
              ? undefined
              : lt(photos.processedAt, new Date(Date.now() - o.olderThanMs)),
            lastId ? gt(photos.id, lastId) : undefined,
          ),
        )
        .orderBy(asc(photos.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      await this.d.db.insert(outbox).values(rows.map((r) => outboxRow(job(r, o.tag))));
      this.d.relay.kick();
      sent += rows.length;
      lastId = rows[rows.length - 1]!.photoId;
      if (rows.length < BATCH || (o.limit !== undefined && sent >= o.limit)) break;
    }
    return sent;
  }

  /**
   * The media worker's faces of a capture (`photo.faces.described`), in place of any recorded before
   * (a redelivery or a re-drive adds nothing twice); faces where a guest asked to be removed stay out.
   * Nothing is kept for a capture deleted meanwhile or an event whose Find Me went off.
   */
  async record(m: FacesDescribed): Promise<number> {
    const e = await this.d.events.get(m.eventId);
    if (!e?.findMe) return 0;
    const n = await this.d.db.transaction(async (tx) => {
      // held shared: turning Find Me off waits for this recording, then deletes what it wrote
      const [on] = await tx
        .select()
        .from(findMeEvents)
        .where(eq(findMeEvents.eventId, m.eventId))
        .for('share');
      if (!on) return 0;
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, m.photoId), eq(photos.eventId, m.eventId)))
        .for('update');
      if (!photo) return 0;
      const removed = await tx
        .select({ box: faceRemovals.box })
        .from(faceRemovals)
        .where(eq(faceRemovals.photoId, m.photoId));
      const kept = m.faces.filter((f) => !removed.some((r) => boxOverlap(r.box, f.box) > REMOVED_OVERLAP));
      await tx.delete(faces).where(eq(faces.photoId, m.photoId));
      if (kept.length)
        await tx.insert(faces).values(
          kept.map((f) => ({
            photoId: m.photoId,
            eventId: m.eventId,
            box: f.box,
            score: f.score,
            descriptor: descriptorBytes(f.descriptor),
          })),
        );
      await tx.update(photos).set({ facesAt: new Date() }).where(eq(photos.id, m.photoId));
      return kept.length;
    });
    this.index.drop(m.eventId);
    return n;
  }

  /** The event a device searches in: its own, with Find Me on. */
  private async eventOf(code: string, device: Device): Promise<EventRecord> {
    const e = await this.d.events.getOr404(code);
    checkDeviceOf(e, device);
    if (!e.findMe) throw forbidden(FIND_ME_MESSAGES.notOn, 'find_me_off');
    return e;
  }

  /** The selfie's largest face (and how many it holds), or 422 `no_face`. Nothing of it is kept. */
  private async selfieFace(selfie: Buffer): Promise<{ descriptor: Float32Array; faces: number }> {
    let found: DescribedFace[];
    try {
      found = await this.d.describe(selfie);
    } catch (err) {
      // the models themselves failing is not the guest's picture (and may pass); either way only our
      // words leave here, never the describer's (which may quote the input)
      if (err instanceof FaceModelError)
        throw new HttpError(503, 'find_me_unavailable', FIND_ME_MESSAGES.unavailable);
      throw new HttpError(422, 'bad_selfie', FIND_ME_MESSAGES.notPicture);
    }
    const best = largestFace(found);
    if (!best) throw new HttpError(422, 'no_face', FIND_ME_MESSAGES.noFace);
    return { descriptor: Float32Array.from(best.descriptor), faces: found.length };
  }

  /**
   * `POST /api/events/{code}/find-me`: the photos of the event the guest is in, of those anyone with
   * the code may see now (nothing before the reveal; in live mode the approved ones), best match first.
   */
  async search(code: string, device: Device, selfie: Buffer, timing?: Timing): Promise<FindMeResult> {
    const e = await this.eventOf(code, device);
    let at = performance.now();
    const { descriptor, faces: n } = await this.selfieFace(selfie);
    if (timing) {
      timing.describeMs = performance.now() - at;
      at = performance.now();
    }
    const answer = await this.match(e, descriptor, n);
    if (timing) timing.matchMs = performance.now() - at;
    return answer;
  }

  /** The photos near a face, of those anyone with the code may see now, nearest first. */
  private async match(e: EventRecord, descriptor: Float32Array, n: number): Promise<FindMeResult> {
    const scope = visibleTo(e, {});
    if (seesNothing(scope)) return { photos: [], faces: n };
    const nearest = (await this.index.of(e.id)).nearestByPhoto(descriptor, this.d.threshold);
    if (nearest.size === 0) return { photos: [], faces: n };
    const rows = await selectPhotos(this.d.db).where(
      and(inArray(photos.id, [...nearest.keys()]), scopeWhere(scope)),
    );
    const found = rows
      .map((r) => ({ r, distance: nearest.get(r.photo.id)! }))
      .sort((a, b) => a.distance - b.distance || a.r.photo.id.localeCompare(b.r.photo.id));
    return {
      photos: found.map(({ r, distance }) => ({
        ...this.view.dto(r, false),
        score: Math.round(matchScore(distance, this.d.threshold) * 1000) / 1000,
      })),
      faces: n,
    };
  }

  /**
   * `DELETE /api/events/{code}/find-me` ('Remove me'): every face of the event that matches the
   * selfie leaves the index, and its box is remembered (never its descriptor) so indexing the photo
   * again leaves it out. The photos stay.
   */
  async remove(code: string, device: Device, selfie: Buffer): Promise<FindMeRemoval> {
    const e = await this.eventOf(code, device);
    const { descriptor, faces: n } = await this.selfieFace(selfie);
    const matching = (await this.index.of(e.id)).within(descriptor, this.d.threshold);
    if (matching.length === 0) return { removed: 0, faces: n };
    const removed = await this.d.db.transaction(async (tx) => {
      const gone = await tx
        .delete(faces)
        .where(and(eq(faces.eventId, e.id), inArray(faces.id, matching)))
        .returning({ photoId: faces.photoId, box: faces.box });
      if (gone.length) await tx.insert(faceRemovals).values(gone);
      return gone.length;
    });
    this.index.drop(e.id);
    return { removed, faces: n };
  }
}

/** The outbox fact asking the media worker for a capture's faces; `tag` tells one round from another. */
const job = (p: { photoId: string; eventId: string; kind: string; key: string }, tag: string) => ({
  subject: facesWanted.subject,
  msgId: `${facesWanted.subject}:${p.photoId}:${tag}`,
  payload: facesWanted.schema.parse({
    photoId: p.photoId,
    eventId: p.eventId,
    kind: captureKindOf(p.kind),
    key: p.key,
  }),
});
