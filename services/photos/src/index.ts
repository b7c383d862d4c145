export { photosModule } from './module';
export { LIVE_SUBJECT, type LiveNotice } from './app/photos';
