export { billingModule } from './module';
export { entitlementsOf, prepareBilling } from './app/plans';
export { setPlanByEmail } from './app/accounts';
