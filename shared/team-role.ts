/**
 * Team roles (issue 16, part 2), from most to least: `owner` everything incl. billing and the team;
 * `manager` reviews, requests, contacts, templates, locations; `responder` reviews and replies only.
 * The client account itself is always the owner. Its own module, free of zod, so the app shell's menus and
 * route guards know a member's role without loading the schemas (issue 13); shared/schemas/team.ts
 * re-exports it.
 */
export const TEAM_ROLES = ['owner', 'manager', 'responder'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const RANK: Record<TeamRole, number> = { responder: 0, manager: 1, owner: 2 };
/** Whether `role` may do what `minimum` may. */
export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return RANK[role] >= RANK[minimum];
}
