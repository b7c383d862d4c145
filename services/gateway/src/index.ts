export { gatewayModule } from './module';
export { hashPassword, verifyPassword } from './identity/passwords';
export { rolesOf } from './auth/oidc';
export { setAdminByEmail } from './identity/users';
export {
  findLocalAccount,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  resetLocalPassword,
} from './identity/local-accounts';
