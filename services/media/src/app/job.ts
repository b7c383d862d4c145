import type { PhotoUploaded } from '@afterglow/contracts';
import type { FilmOptions } from './film';

/** What developing needs of a `photo.uploaded` message (a message of before may lack the optional parts). */
export type DevelopJob = Pick<PhotoUploaded, 'photoId' | 'eventId' | 'originalKey'> &
  Partial<
    Pick<
      PhotoUploaded,
      'kind' | 'uploadedAt' | 'filmMode' | 'filmPreset' | 'timezone' | 'watermark' | 'aiFilter'
    >
  >;

/** The film look a job asks for: none unless its event had film mode on (a message of before says nothing). */
export const filmOf = (job: DevelopJob): FilmOptions | null =>
  job.filmMode
    ? {
        photoId: job.photoId,
        preset: job.filmPreset ?? 'classic',
        timezone: job.timezone ?? 'UTC',
        takenAt: job.uploadedAt ? new Date(job.uploadedAt) : new Date(),
      }
    : null;
