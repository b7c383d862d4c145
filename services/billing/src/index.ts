export { billingModule } from './module';
export { entitlementsOf, prepareBilling } from './app/plans';
export { setPlanByEmail } from './app/accounts';
export { paymentProvider, testWebhookSecret } from './app/provider';
export { Payments } from './app/payments';
