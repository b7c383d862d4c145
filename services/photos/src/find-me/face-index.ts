import { count, eq, max } from 'drizzle-orm';
import { FACE_DESCRIPTOR_LENGTH } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { faces } from '../adapters/schema';

const D = FACE_DESCRIPTOR_LENGTH;

/** A descriptor as stored: 128 float32 numbers, little-endian. */
export function descriptorBytes(d: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(D * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < D; i++) view.setFloat32(i * 4, d[i]!, true);
  return out;
}

/** One event's faces, side by side in memory: the photo of each and its descriptor. */
export class EventFaces {
  constructor(
    readonly ids: number[],
    readonly photoIds: string[],
    readonly vectors: Float32Array,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** Squared distance from `q` to face `i`, stopping early once past `limit2`. */
  private distance2(q: Float32Array, i: number, limit2: number): number {
    const v = this.vectors;
    const o = i * D;
    let sum = 0;
    for (let k = 0; k < D; k += 16) {
      for (let j = k; j < k + 16; j++) {
        const x = q[j]! - v[o + j]!;
        sum += x * x;
      }
      if (sum > limit2) return sum;
    }
    return sum;
  }

  /** Each photo with a face within `threshold` of `q`, with its nearest face's distance. */
  nearestByPhoto(q: Float32Array, threshold: number): Map<string, number> {
    const t2 = threshold * threshold;
    const best = new Map<string, number>();
    for (let i = 0; i < this.ids.length; i++) {
      const d2 = this.distance2(q, i, t2);
      if (d2 > t2) continue;
      const p = this.photoIds[i]!;
      const d = Math.sqrt(d2);
      const had = best.get(p);
      if (had === undefined || d < had) best.set(p, d);
    }
    return best;
  }

  /** The ids of every face within `threshold` of `q`. */
  within(q: Float32Array, threshold: number): number[] {
    const t2 = threshold * threshold;
    const out: number[] = [];
    for (let i = 0; i < this.ids.length; i++) if (this.distance2(q, i, t2) <= t2) out.push(this.ids[i]!);
    return out;
  }
}

/**
 * The faces of each event searched lately, kept in memory and read again only when the event's faces
 * changed: a stamp (how many, and the newest id) is asked at every search, so a face recorded or
 * removed by another replica is seen at once.
 */
export class FaceIndex {
  private readonly kept = new Map<string, { stamp: string; faces: EventFaces }>();

  constructor(
    private readonly db: Db,
    /** events kept at most (the least recently searched go first) */
    private readonly maxEvents = 50,
  ) {}

  drop(eventId: string): void {
    this.kept.delete(eventId);
  }

  async of(eventId: string): Promise<EventFaces> {
    const [s] = await this.db
      .select({ n: count(), m: max(faces.id) })
      .from(faces)
      .where(eq(faces.eventId, eventId));
    const stamp = `${s?.n ?? 0}:${s?.m ?? 0}`;
    const had = this.kept.get(eventId);
    if (had && had.stamp === stamp) {
      // most recently used last
      this.kept.delete(eventId);
      this.kept.set(eventId, had);
      return had.faces;
    }
    const rows = await this.db
      .select({ id: faces.id, photoId: faces.photoId, descriptor: faces.descriptor })
      .from(faces)
      .where(eq(faces.eventId, eventId));
    const vectors = new Float32Array(rows.length * D);
    rows.forEach((r, i) => {
      const b = r.descriptor;
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      for (let k = 0; k < D; k++) vectors[i * D + k] = view.getFloat32(k * 4, true);
    });
    const loaded = new EventFaces(
      rows.map((r) => r.id),
      rows.map((r) => r.photoId),
      vectors,
    );
    this.kept.delete(eventId);
    this.kept.set(eventId, { stamp, faces: loaded });
    while (this.kept.size > this.maxEvents) this.kept.delete(this.kept.keys().next().value!);
    return loaded;
  }
}
