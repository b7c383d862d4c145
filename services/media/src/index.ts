export { mediaModule } from './module';
export { makeRenditions, renditionKey, KINDS, THUMB_SIZE, DISPLAY_SIZE } from './app/renditions';
export { applyFilm, type FilmOptions } from './app/film';
export { watermarkBox } from './app/watermark';
export { safetyModelLoading } from './app/safety';
