import { z } from 'zod';
import { emailField } from './auth';
import {
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_VERIFICATION_MESSAGES,
} from '../account';

export * from '../account';

export const VerifyEmailSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalid })
    .min(20, { error: EMAIL_VERIFICATION_MESSAGES.invalid })
    .max(200, { error: EMAIL_VERIFICATION_MESSAGES.invalid }),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailSchema>;

export const ChangeEmailSchema = z.object({
  email: emailField,
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, { error: CURRENT_PASSWORD_REQUIRED })
    .max(1024, { error: CURRENT_PASSWORD_INCORRECT }),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;
