export { adminModule } from './module';
