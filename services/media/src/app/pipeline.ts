import type { Rendition } from '@afterglow/contracts';
import type { ObjectStore } from '@afterglow/storage';
import type { DevelopJob } from './job';
import type { Made } from './renditions';

/**
 * How a capture of one kind is developed (ADR 030): what it makes from the original, how it reads back
 * what it made before, and which of its renditions the AI safety filter judges. Everything around it
 * (idempotence, storage keys, `photo.processed`, the filter's verdict) is `develop`'s, the same for
 * every kind.
 */
export interface CapturePipeline {
  /**
   * every rendition, made from the original; refuses an original it cannot read. A pipeline that makes
   * a rendition well before the others (a photo's thumbnail) hands it to `early` as soon as it is
   * made, without waiting for what `early` does with it; one that does not ignores it.
   */
  make(original: Buffer, job: DevelopJob, early?: (made: Made) => void): Promise<Made[]>;
  /**
   * the renditions stored for a capture developed before, read back; null when one is missing (or
   * when the kind makes them again rather than reading them back)
   */
  stored(store: ObjectStore, eventId: string, captureId: string): Promise<Rendition[] | null>;
  /**
   * the kind of the rendition (an image) the AI safety filter judges, beside the pictures `make`
   * answers only for it (`judgeOnly`: a clip's sampled frames)
   */
  judged: string;
}
