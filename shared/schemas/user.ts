import { z } from 'zod';
import { UserTeamSchema } from './team';

/** 'member': a team member's own login (issue 16); their business is in team_members, never a client. */
export const ROLES = ['admin', 'client', 'member'] as const;
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
  /**
   * GET /api/user only: the business the user works in and their role there (a client: its own, as owner;
   * a team member: their membership's); null for an admin and for a member whose membership ended.
   */
  team: /* @__PURE__ */ UserTeamSchema.nullable().optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export { displayName } from '../display-name';
