import { z } from 'zod';
import { emailField, NAME_MAX, NAME_MIN, newPasswordField } from './auth';
import { IdSchema } from './domain';
import { LOCATIONS_MAX, TEAM_ROLES, type TeamRole } from '../team-role';

export * from '../team-role';
export const TeamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose owner, manager or responder.' });

/** null: every location of the business; otherwise at least one. */
export const LocationIdsSchema = z
  .array(IdSchema)
  .min(1, { error: 'Choose at least one location, or all locations.' })
  .max(LOCATIONS_MAX)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable();

export const InviteMemberSchema = z.object({
  email: emailField,
  role: TeamRoleSchema,
  locationIds: /* @__PURE__ */ LocationIdsSchema.default(null),
});
export type InviteMemberInput = z.input<typeof InviteMemberSchema>;

export const UpdateMemberSchema = z
  .object({
    role: /* @__PURE__ */ TeamRoleSchema.optional(),
    locationIds: /* @__PURE__ */ LocationIdsSchema.optional(),
  })
  .refine((v) => v.role !== undefined || v.locationIds !== undefined, { error: 'Nothing to change.' });
export type UpdateMemberInput = z.input<typeof UpdateMemberSchema>;

export const InvitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, { error: 'This invitation link is not valid.' }),
});

/** Accepting: a name and password when the address has no account yet; nothing when signed in as it. */
export const AcceptInvitationSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(NAME_MIN, { error: `Name must be at least ${NAME_MIN} characters.` })
    .max(NAME_MAX)
    .optional(),
  password: /* @__PURE__ */ newPasswordField.optional(),
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationSchema>;
export const AcceptInvitationFormSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(NAME_MIN, { error: `Name must be at least ${NAME_MIN} characters.` })
    .max(NAME_MAX),
  password: newPasswordField,
});
export type AcceptInvitationFormInput = z.infer<typeof AcceptInvitationFormSchema>;

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  role: TeamRoleSchema,
  locationIds: z.array(z.number().int()).nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: TeamRoleSchema,
  locationIds: z.array(z.number().int()).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export interface TeamOverview {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** What the accept page shows before joining. */
export interface InvitationPreview {
  businessName: string;
  role: TeamRole;
  email: string;
  /** Whether the address already has a login (then: sign in as it, and join). */
  hasAccount: boolean;
}

/** GET /api/user's `team`: whose business the signed-in user works in, and as what. */
export const UserTeamSchema = z.object({
  role: TeamRoleSchema,
  clientId: z.number().int(),
  businessName: z.string(),
  locationIds: z.array(z.number().int()).nullable(),
});
export type UserTeam = z.infer<typeof UserTeamSchema>;
