export { wasmTf } from './tf';
export {
  describeFaces,
  faceDistance,
  faceModelsLoading,
  largestFace,
  FACE_INPUT_MAX,
  type Face,
} from './faces';
export { SAMPLE_COUNT, cropAround, samplePhoto, sampleSelfie } from './samples';
