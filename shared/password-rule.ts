/**
 * Every new password (registration, change, reset, a client the admin creates): PRODUCT.md section 8. Its own
 * module, free of zod, so the sign-up form shows the hint before its validation has loaded (issue 13: the
 * first load of /auth); shared/schemas/auth.ts re-exports it and builds newPasswordField from it.
 */
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MESSAGES = {
  short: 'Password must be at least 8 characters.',
  common: 'This password is too common. Please choose another.',
} as const;
/** What the forms say under a new-password field: the rule above, before anyone breaks it. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN} characters, and not a common password.`;
