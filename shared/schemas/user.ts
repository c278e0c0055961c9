import { z } from 'zod';

export const ROLES = ['admin', 'client'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The user as the API returns it: never a password hash. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  companyName: z.string(),
  role: RoleSchema,
  planId: z.number().int().nullable(),
  createdAt: z.string(),
  /** False until the owner follows the link in the verification email (issue 11). */
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export { displayName } from '../display-name';
