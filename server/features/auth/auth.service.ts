import type { LoginInput, RegisterInput } from '@shared/schemas/auth';
import type { PublicUser, Role } from '@shared/schemas/user';
import { conflict } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { createRequestSettingsRepository } from '../review-requests';
import type { UserRow, UsersRepository } from './users.repository';

export type { UserRow };

export const EMAIL_TAKEN = 'An account with this email already exists';
/** A sign-up, an admin's new client or a profile edit hit an address another account holds. */
export const emailTaken = () => conflict(EMAIL_TAKEN, 'email_taken');
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support.';

/** The user as the API shows it: never the password hash. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    companyName: user.companyName,
    role: user.role,
    planId: user.planId,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** The account, unless it has been removed or disabled: what a session may act as. */
export function activeOrNone(user: UserRow | null | undefined): UserRow | undefined {
  return user && !user.disabledAt ? user : undefined;
}

export type SignInResult = { ok: true; user: UserRow } | { ok: false; message: string };

/** Where a new client's business time zone goes (request settings: quiet hours and reminders). */
type BusinessSettings = Pick<ReturnType<typeof createRequestSettingsRepository>, 'get' | 'save'>;

export function createAuthService(users: UsersRepository, settings?: BusinessSettings) {
  return {
    /**
     * A self-registered account starts unverified (capped sending until its owner follows the emailed
     * link); `verified` is for accounts whose address someone already vouches for (the demo, test factories).
     */
    async register(
      input: RegisterInput,
      role: Role = 'client',
      { verified = false }: { verified?: boolean } = {},
    ): Promise<UserRow> {
      const user = await users.insertIfEmailFree({
        email: input.email,
        // The spec's client sends username = email; the email is the sign-in name whatever it sends.
        username: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        companyName: input.companyName,
        role,
        emailVerifiedAt: verified ? new Date() : null,
      });
      if (!user) throw emailTaken();
      // The browser's zone: quiet hours work from the first request, for customers of unknown zone too.
      if (input.timeZone && settings)
        await settings.save(user.id, { ...(await settings.get(user.id)), timeZone: input.timeZone });
      return user;
    },

    async signIn({ email, password }: LoginInput): Promise<SignInResult> {
      const user = await users.findByEmail(email);
      const valid = user
        ? await verifyPassword(password, user.passwordHash)
        : await verifyAgainstDummy(password);
      if (!user || !valid) return { ok: false, message: INVALID_CREDENTIALS };
      if (user.disabledAt) return { ok: false, message: ACCOUNT_DISABLED };
      return { ok: true, user };
    },

    /** The user behind a session, unless the account has since been removed or disabled. */
    async activeUser(id: number): Promise<UserRow | undefined> {
      return activeOrNone(await users.findById(id));
    },

    /** Makes sure the configured admin exists, with this password and the admin role. */
    async ensureAdmin(email: string, password: string): Promise<UserRow> {
      const passwordHash = await hashPassword(password);
      const existing = await users.findByEmail(email);
      if (existing) {
        const updated = await users.update(existing.id, {
          passwordHash,
          role: 'admin',
          disabledAt: null,
          // The operator configured this address: it counts as verified.
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        });
        return updated ?? existing;
      }
      const created = await users.insertIfEmailFree({
        email,
        username: email,
        passwordHash,
        firstName: 'Admin',
        companyName: '',
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      if (created) return created;
      // Another process created it between our read and our insert.
      return this.ensureAdmin(email, password);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
