import type { CaptureKind } from '@afterglow/contracts';
import { cleanJpeg, inspectJpeg } from './jpeg';

/** A guest's capture as it is to be stored: its bytes and its size in pixels. */
export interface Ingested {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * What the upload does with a capture of each kind before storing it (ADR 030): it refuses what is not
 * of the kind (a problem the guest is shown) and keeps only what the kind needs. A new kind is one more
 * entry; the upload around it (shots, limits, the row, `photo.uploaded`) is the same for every kind.
 */
export const INGEST: Readonly<Record<CaptureKind, (file: Buffer) => Promise<Ingested>>> = {
  // Stored without comments or trailing bytes: a polyglot's payload never reaches storage.
  photo: async (file) => {
    const data = cleanJpeg(file);
    return { data, ...(await inspectJpeg(data)) };
  },
};
