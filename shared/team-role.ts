/**
 * Team roles (issue 16, part 2), from most to least: `owner` everything incl. billing and the team;
 * `manager` reviews, requests, contacts, templates, locations; `responder` reviews and replies only.
 * The client account itself is always the owner. Its own module, free of zod, so the app shell's menus and
 * route guards know a member's role without loading the schemas (issue 13), nor the team tab its words;
 * shared/schemas/team.ts re-exports it.
 */
export const TEAM_ROLES = ['owner', 'manager', 'responder'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const RANK: Record<TeamRole, number> = { responder: 0, manager: 1, owner: 2 };
/** Whether `role` may do what `minimum` may. */
export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return RANK[role] >= RANK[minimum];
}

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
