export { gatewayModule } from './module';
export { hashPassword, verifyPassword } from './identity/passwords';
export { rolesOf } from './auth/oidc';
export { setPlanByEmail } from './identity/users';
