export { FindMe, type Describe, type DescribedFace } from './find-me';
export { findMeRouter } from './routes';
