import { z } from 'zod';
import { emailField, NAME_MAX, NAME_MIN, newPasswordField } from './auth';
import { hasNoNul } from './locations';
import { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED } from '../account';

export { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED } from '../account';

// Settings > Profile (PRODUCT.md section 5: PATCH /api/user, POST /api/user/password).
export const UpdateProfileSchema = z.object({
  firstName: z
    .string({ error: 'First name must be at least 2 characters.' })
    .trim()
    .min(NAME_MIN, { error: 'First name must be at least 2 characters.' })
    .max(NAME_MAX, { error: `First name must be at most ${NAME_MAX} characters.` })
    .refine(hasNoNul, { error: 'First name must be at least 2 characters.' }),
  companyName: z
    .string({ error: 'Company name must be at least 2 characters.' })
    .trim()
    .min(NAME_MIN, { error: 'Company name must be at least 2 characters.' })
    .max(NAME_MAX, { error: `Company name must be at most ${NAME_MAX} characters.` })
    .refine(hasNoNul, { error: 'Company name must be at least 2 characters.' }),
  email: emailField,
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, { error: CURRENT_PASSWORD_REQUIRED })
    .max(1024, { error: CURRENT_PASSWORD_INCORRECT }),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** DELETE /api/user: the account goes only with its current password. */
export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, { error: CURRENT_PASSWORD_REQUIRED })
    .max(1024, { error: CURRENT_PASSWORD_INCORRECT }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** The form adds a confirmation the API does not need. */
export const ChangePasswordFormSchema = /* @__PURE__ */ ChangePasswordSchema.extend({
  confirmPassword: z.string(),
}).refine((value) => value.newPassword === value.confirmPassword, {
  path: ['confirmPassword'],
  message: 'Passwords do not match',
});
export type ChangePasswordFormInput = z.infer<typeof ChangePasswordFormSchema>;
