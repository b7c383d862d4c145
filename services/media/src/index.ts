export { mediaModule } from './module';
export { makeRenditions, renditionKeys, THUMB_SIZE, DISPLAY_SIZE } from './app/renditions';
