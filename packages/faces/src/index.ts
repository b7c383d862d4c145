export { wasmTf } from './tf';
export {
  describeFaces,
  describeSelfie,
  FaceModelError,
  SELFIE_MIN_CONFIDENCE,
  faceDistance,
  faceModelsLoading,
  largestFace,
  FACE_INPUT_MAX,
  type Face,
} from './faces';
export { SAMPLE_COUNT, cropAround, samplePhoto, sampleSelfie } from './samples';
