import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from '../field-limits';
import { isCommonPassword } from '../common-passwords';
import { NEW_PASSWORD_HINT, NEW_PASSWORD_MESSAGES, NEW_PASSWORD_MIN } from '../password-rule';
import { TimeZoneSchema } from './request-settings';

// The messages are the spec's (seed-spec section 5); forms and the API share these schemas.
export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;
// Upper bounds the spec leaves open: they keep hashing and storage bounded.
export const PASSWORD_MAX = 128;
export { EMAIL_MAX, NAME_MAX } from '../field-limits';

export const emailField = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .max(EMAIL_MAX, { error: 'Please enter a valid email address.' })
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters.' })
  .min(PASSWORD_MIN, { error: 'Password must be at least 6 characters.' })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` });

/** Every new password (registration, change, reset, a client the admin creates): PRODUCT.md section 8. */
export { NEW_PASSWORD_HINT, NEW_PASSWORD_MESSAGES, NEW_PASSWORD_MIN };
export const newPasswordField = z
  .string({ error: NEW_PASSWORD_MESSAGES.short })
  .min(NEW_PASSWORD_MIN, { error: NEW_PASSWORD_MESSAGES.short })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` })
  .refine((password) => !isCommonPassword(password), { error: NEW_PASSWORD_MESSAGES.common });

/** Sign-in keeps the seed's rule and text, so every existing account can still sign in. */
export const LoginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterFormSchema = z.object({
  firstName: z
    .string({ error: 'First name must be at least 2 characters.' })
    .trim()
    .min(NAME_MIN, { error: 'First name must be at least 2 characters.' })
    .max(NAME_MAX, { error: `First name must be at most ${NAME_MAX} characters.` }),
  email: emailField,
  password: newPasswordField,
  companyName: z
    .string({ error: 'Company name must be at least 2 characters.' })
    .trim()
    .min(NAME_MIN, { error: 'Company name must be at least 2 characters.' })
    .max(NAME_MAX, { error: `Company name must be at most ${NAME_MAX} characters.` }),
});
export type RegisterFormInput = z.infer<typeof RegisterFormSchema>;

/** The browser's time zone, kept as the business's: one the runtime does not know is dropped, never refused. */
const browserTimeZone = z
  .unknown()
  .transform((value) => {
    const parsed = TimeZoneSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  })
  .optional();

// The client sends the form plus `username` set to the email (seed-spec section 7), and its time zone.
export const RegisterSchema = /* @__PURE__ */ RegisterFormSchema.extend({
  username: z.string().max(EMAIL_MAX).optional(),
  timeZone: browserTimeZone,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** "Forgot password?" (issue 11): the same answer whether or not an account has this email. */
export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const RESET_TOKEN_TTL_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  sent: 'If an account exists for this email, we have sent it a link to choose a new password. The link works for one hour.',
  invalid: 'This reset link is not valid or has expired. Please ask for a new one.',
  done: 'Your password was changed. Please sign in with the new one.',
} as const;

export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalid })
    .min(20, { error: PASSWORD_RESET_MESSAGES.invalid })
    .max(200, { error: PASSWORD_RESET_MESSAGES.invalid }),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
