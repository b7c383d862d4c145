import type { CaptureKind } from '@afterglow/contracts';
import type { CapturePipeline } from './pipeline';
import { clipPipeline } from './clip-pipeline';
import { photoPipeline } from './photo-pipeline';

export type { CapturePipeline } from './pipeline';

/** A kind picks its pipeline: a new kind is one more entry. */
export const PIPELINES: Readonly<Record<CaptureKind, CapturePipeline>> = {
  photo: photoPipeline,
  clip: clipPipeline,
};
