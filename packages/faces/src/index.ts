export { wasmTf } from './tf';
export {
  describeFaces,
  faceDistance,
  faceModelsLoading,
  largestFace,
  FACE_INPUT_MAX,
  type Face,
} from './faces';
