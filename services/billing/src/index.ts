export { billingModule } from './module';
