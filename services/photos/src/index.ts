export { photosModule } from './module';
