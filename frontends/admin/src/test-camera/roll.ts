import type { TestPreset } from './settings';

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
