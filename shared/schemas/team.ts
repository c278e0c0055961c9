import { z } from 'zod';
import { emailField, NAME_MAX, NAME_MIN, newPasswordField } from './auth';
import { IdSchema } from './domain';
import { TEAM_ROLES, type TeamRole } from '../team-role';

export { roleAtLeast, TEAM_ROLES, type TeamRole } from '../team-role';
export const TeamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose owner, manager or responder.' });

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  responder: 'Responder',
};
export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, including billing, the plan, data export, settings and the team.',
  manager: 'Reviews, review requests, contacts, templates and locations.',
  responder: 'Reads reviews and replies to them.',
};

/** Invitation links live 7 days. */
export const INVITATION_TTL_DAYS = 7;
export const LOCATIONS_MAX = 200;

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

export const TEAM_MESSAGES = {
  invalidLink: 'This invitation link is not valid. Ask the owner for a new one.',
  expired: 'This invitation has expired. Ask the owner to send a new one.',
  used: 'This invitation has already been used or was withdrawn.',
  signInFirst: 'This address already has an account: sign in with it to join.',
  wrongAccount: 'You are signed in with another address than the one invited. Sign out first.',
  ownBusiness: 'This address already has its own business on ReviewFlow. Invite another address.',
  alreadyMember: 'This address already belongs to a team.',
  alreadyInvited: 'An invitation to this address is already waiting.',
  notMember: 'You are no longer a member of this business.',
  unknownLocation: 'One of the chosen locations is not one of this business.',
  roleForbidden: 'Your role in this team does not allow this.',
  everyLocationOnly: 'Only a team member who works on every location can add one.',
  needsDetails: 'Enter your name and a password to create your login.',
} as const;

/** The daily cap on invitations (INVITATION_DAILY_CAP): an invitation is an email in the business's name. */
export const invitationDailyCapMessage = (cap: number) =>
  `You can send up to ${cap} team invitations a day. Try again tomorrow.`;
