// The account's words, without zod: what the settings and sign-in screens show (the schemas are in
// shared/schemas/account.ts and shared/schemas/settings.ts, which export these too).

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** Email verification and change (issue 11). One link per address, single use, stored hashed. */
export const VERIFY_TOKEN_TTL_HOURS = 48;

export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Your email is verified. Thank you!',
  changed: 'Your email was changed and verified. Sign in with the new address from now on.',
  invalid:
    'This verification link is not valid: it was already used, has expired or was never sent. Sign in and ask for a new one.',
  sent: 'We sent you a new verification link. It works for 48 hours.',
  alreadyVerified: 'Your email is already verified.',
  changeSent: 'We sent a link to the new address. Your email changes when you follow it.',
  sameEmail: 'This is already your email.',
  useChangeEmail:
    'To change your email, use "Change email": it needs your current password and a link sent to the new address.',
} as const;

export interface VerifyEmailResult {
  message: string;
  email: string;
  /** True when the link changed the account's email (an email change), false for the registered address. */
  changed: boolean;
}

/** GET /api/user/email: the account's address, whether it is verified, and an address waiting for its link. */
export interface EmailStatus {
  email: string;
  emailVerified: boolean;
  pendingEmail: string | null;
}

/** POST /api/admin/clients/:id/password-reset: where the link went. */
export interface AdminResetLinkResult {
  to: string;
  status: 'sent' | 'outbox' | 'failed';
}

/** Until the email is verified, the review requests an account may send in all (PRODUCT.md section 8). */
export const unverifiedCapMessage = (cap: number) =>
  `Verify your email to send more than ${cap} review requests. We sent you a link.`;
/** Invitations are emails sent in the business's name: they share the unverified account's cap (issue 42). */
export const unverifiedInvitationMessage = (cap: number) =>
  `Verify your email to send more than ${cap} messages, team invitations included. We sent you a link.`;
