export { realtimeModule } from './module';
