// Accounts and sign-in: what app.ts wires and what other features read of a user.
export { createAuthRoutes, logIn } from './auth.routes';
export { createAuthService, emailTaken, toPublicUser, type AuthService } from './auth.service';
export { createEmailVerificationService } from './email-verification.service';
export { createPasswordResetService } from './password-reset.service';
export { createLoginThrottle } from './login-throttle';
export { createPassport } from './passport';
/** Ends a user's sessions and tokens in the caller's transaction (admin and settings change credentials). */
export { endAccessAfterCredentialChange } from './credential-change.repository';
// The account store, for the composition roots (app.ts, index.ts) and team.service; a narrower port is left to do.
export { createUsersRepository, type UserRow } from './users.repository';
