import type { TestPreset } from './settings';

/** A frame from the camera with its size in pixels. */
export interface Capture {
  blob: Blob;
  width: number;
  height: number;
}

/** A capture held in memory as an object URL; nothing is uploaded in test mode. */
export interface Shot {
  id: number;
  url: string;
  width: number;
  height: number;
  takenAt: Date;
}

export interface SavedShot extends Shot {
  caption: string;
  filmMode: boolean;
  preset: TestPreset;
  eventName: string;
  eventCode: string;
}

/** The camera answers the JPEG alone: its size is read from the picture. */
export async function withSize(blob: Blob): Promise<Capture> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return { blob, ...size };
}
