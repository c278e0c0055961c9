import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  roleAtLeast,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  invitationDailyCapMessage,
  type AcceptInvitationInput,
  type InvitationPreview,
  type TeamInvitation,
  type TeamMember,
  type TeamOverview,
  type TeamRole,
  type UserTeam,
} from '@shared/schemas/team';
import { displayName } from '@shared/schemas/user';
import type { Transaction } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { sendEmail } from '../delivery';
import { createUsersRepository, type UserRow } from '../auth';
import { createPlanLimits } from '../billing';
import { createTeamRepository, MemberConflict, type TeamRepository } from './team.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member's place in a business (team.repository's membershipOf). */
type Membership = NonNullable<Awaited<ReturnType<TeamRepository['membershipOf']>>>;
/** Like the password-reset links: a random token in the email, only its SHA-256 stored. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Who is acting: the signed-in user, the tenant, and their role in it. */
export interface Actor {
  userId: number;
  clientId: number;
  role: TeamRole;
}

type MemberRow = Awaited<ReturnType<TeamRepository['listMembers']>>[number];
type InvitationRow = Awaited<ReturnType<TeamRepository['listPendingInvitations']>>[number];

const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  firstName: row.firstName,
  role: row.role,
  locationIds: row.locationIds,
  createdAt: row.createdAt.toISOString(),
});
const toInvitation = (row: InvitationRow): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  locationIds: row.locationIds,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export function createTeamService(
  ctx: Pick<AppContext, 'db' | 'env' | 'now' | 'mailer' | 'logger' | 'events'>,
) {
  const repo = createTeamRepository(ctx.db, ctx.events);
  const users = createUsersRepository(ctx.db);
  const limits = createPlanLimits(ctx);

  /**
   * Every invitation is an email in the business's name: a daily cap, and the unverified account's cap,
   * checked in the inserting transaction with the client's row locked (issue 42, item 4).
   */
  async function reserveInvitation(tx: Transaction, clientId: number) {
    await limits.reserveInvitation(tx, clientId);
    const since = new Date(ctx.now().getTime() - DAY_MS);
    if ((await repo.countInvitationsSince(tx, clientId, since)) >= ctx.env.INVITATION_DAILY_CAP) {
      throw new AppError(
        429,
        invitationDailyCapMessage(ctx.env.INVITATION_DAILY_CAP),
        undefined,
        'rate_limited',
      );
    }
  }

  async function checkLocations(clientId: number, ids: number[] | null | undefined) {
    if (!ids) return;
    if ((await repo.countOwnLocations(clientId, ids)) !== ids.length) {
      throw badRequest(TEAM_MESSAGES.unknownLocation, { locationIds: [TEAM_MESSAGES.unknownLocation] });
    }
  }

  /** The live invitation a token names, or the 4xx that says why not. */
  async function liveInvitation(token: string) {
    const invitation = await repo.findInvitationByHash(hashOf(token));
    if (!invitation) throw notFound(TEAM_MESSAGES.invalidLink);
    if (invitation.acceptedAt || invitation.revokedAt) throw new AppError(410, TEAM_MESSAGES.used);
    if (invitation.expiresAt.getTime() <= ctx.now().getTime()) throw new AppError(410, TEAM_MESSAGES.expired);
    return invitation;
  }

  return {
    /**
     * What GET /api/user tells the SPA about the signed-in user's team. `known`: the membership already read
     * in this request (with the session; null when there is none), so it is not asked for twice.
     */
    async teamOf(
      user: {
        id: number;
        role: string;
        companyName: string;
        firstName: string;
      },
      known?: Membership | null,
    ): Promise<UserTeam | null> {
      if (user.role === 'client') {
        return { role: 'owner', clientId: user.id, businessName: displayName(user), locationIds: null };
      }
      if (user.role !== 'member') return null;
      const membership = known !== undefined ? known : await repo.membershipOf(user.id);
      if (!membership) return null;
      return {
        role: membership.role,
        clientId: membership.clientId,
        businessName: membership.businessName.trim() || membership.ownerFirstName,
        locationIds: membership.locationIds,
      };
    },

    async overview(clientId: number): Promise<TeamOverview> {
      const [members, invitations] = await Promise.all([
        repo.listMembers(clientId),
        repo.listPendingInvitations(clientId, ctx.now()),
      ]);
      return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
    },

    async invite(
      actor: Actor,
      input: { email: string; role: TeamRole; locationIds: number[] | null },
    ): Promise<TeamInvitation> {
      // Nobody hands out more than they have (only owners reach this route today; the rule stays here).
      if (!roleAtLeast(actor.role, input.role)) throw forbidden(TEAM_MESSAGES.roleForbidden);
      await checkLocations(actor.clientId, input.locationIds);
      const existing = await repo.userByEmail(input.email);
      if (existing && existing.role !== 'member') throw conflict(TEAM_MESSAGES.ownBusiness);
      if (existing && (await repo.isMember(existing.id))) throw conflict(TEAM_MESSAGES.alreadyMember);
      if (await repo.pendingInvitationFor(actor.clientId, input.email, ctx.now())) {
        throw conflict(TEAM_MESSAGES.alreadyInvited);
      }
      const business = await repo.business(actor.clientId);
      if (!business) throw notFound('Business not found');

      const token = randomBytes(32).toString('base64url');
      const row = await repo.insertInvitation(
        {
          clientId: actor.clientId,
          email: input.email,
          role: input.role,
          locationIds: input.locationIds,
          tokenHash: hashOf(token),
          expiresAt: new Date(ctx.now().getTime() + INVITATION_TTL_DAYS * DAY_MS),
          invitedBy: actor.userId,
          // The daily cap counts by the same clock as it checks with.
          createdAt: ctx.now(),
        },
        { actorId: actor.userId, action: 'team.invited', clientId: actor.clientId },
        (tx) => reserveInvitation(tx, actor.clientId),
      );
      const businessName = business.companyName.trim() || business.firstName;
      const link = `${ctx.env.publicBaseUrl}/invite/${token}`;
      await sendEmail(ctx, {
        ownerId: null,
        to: input.email,
        subject: `You are invited to ${businessName} on ReviewFlow`,
        text:
          `Hi,\n\n${businessName} invites you to join their team on ReviewFlow as ` +
          `${TEAM_ROLE_LABELS[input.role].toLowerCase()}.\n\nAccept within ${INVITATION_TTL_DAYS} days:\n\n${link}\n\n` +
          `If you did not expect this, ignore this email: nothing happens until the link is used.`,
        // The outbox keeps the link without it: only the invitee's inbox can join the team.
        secrets: [token],
      }).catch((err: unknown) => ctx.logger.error({ err }, 'invitation email not sent'));
      return toInvitation(row);
    },

    async revoke(actor: Actor, invitationId: number): Promise<void> {
      const done = await repo.revokeInvitation(actor.clientId, invitationId, {
        actorId: actor.userId,
        action: 'team.invitation_revoked',
        clientId: actor.clientId,
      });
      if (!done) throw notFound('Invitation not found');
    },

    async update(
      actor: Actor,
      memberId: number,
      changes: { role?: TeamRole; locationIds?: number[] | null },
    ): Promise<TeamMember> {
      const member = await repo.findMember(actor.clientId, memberId);
      if (!member) throw notFound('Member not found');
      // A member never raises their own role (nor anyone's above their own).
      if (member.userId === actor.userId && changes.role && !roleAtLeast(member.role, changes.role)) {
        throw forbidden('You cannot raise your own role.');
      }
      if (changes.role && !roleAtLeast(actor.role, changes.role))
        throw forbidden(TEAM_MESSAGES.roleForbidden);
      await checkLocations(actor.clientId, changes.locationIds);
      await repo.updateMember(actor.clientId, memberId, changes, {
        actorId: actor.userId,
        action: 'team.member_updated',
        clientId: actor.clientId,
      });
      return toMember((await repo.findMember(actor.clientId, memberId))!);
    },

    async remove(actor: Actor, memberId: number): Promise<void> {
      const done = await repo.removeMember(actor.clientId, memberId, {
        actorId: actor.userId,
        action: 'team.member_removed',
        clientId: actor.clientId,
      });
      if (!done) throw notFound('Member not found');
    },

    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await liveInvitation(token);
      const business = await repo.business(invitation.clientId);
      if (!business) throw notFound(TEAM_MESSAGES.invalidLink);
      const existing = await repo.userByEmail(invitation.email);
      return {
        businessName: business.companyName.trim() || business.firstName,
        role: invitation.role,
        email: invitation.email,
        hasAccount: Boolean(existing),
      };
    },

    /**
     * Joins the team. A new address gives a name and password (its login is created, verified by the link
     * itself); an address with a login must be signed in as it. Answers the user, to sign in.
     */
    async accept(
      token: string,
      input: AcceptInvitationInput,
      signedIn: { id: number; email: string } | undefined,
    ): Promise<UserRow> {
      const invitation = await liveInvitation(token);
      const existing = await repo.userByEmail(invitation.email);
      if (signedIn && signedIn.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw forbidden(TEAM_MESSAGES.wrongAccount);
      }
      let result: { userId: number } | undefined;
      try {
        if (existing) {
          if (existing.role !== 'member') throw conflict(TEAM_MESSAGES.ownBusiness);
          if (!signedIn) throw new AppError(401, TEAM_MESSAGES.signInFirst);
          if (await repo.isMember(existing.id)) throw conflict(TEAM_MESSAGES.alreadyMember);
          result = await repo.acceptInvitation(invitation.id, ctx.now(), { existingUserId: existing.id });
        } else {
          if (!input.firstName || !input.password) {
            throw badRequest(TEAM_MESSAGES.needsDetails, {
              ...(input.firstName ? {} : { firstName: [TEAM_MESSAGES.needsDetails] }),
              ...(input.password ? {} : { password: [TEAM_MESSAGES.needsDetails] }),
            });
          }
          result = await repo.acceptInvitation(invitation.id, ctx.now(), {
            newUser: {
              email: invitation.email,
              username: invitation.email,
              passwordHash: await hashPassword(input.password),
              firstName: input.firstName,
              // The business's name, so the member's profile form (which asks for one) is valid as it is.
              companyName: (await repo.business(invitation.clientId))?.companyName ?? '',
              role: 'member',
              emailVerifiedAt: ctx.now(),
            },
          });
        }
      } catch (err) {
        if (err instanceof MemberConflict) throw conflict(TEAM_MESSAGES.alreadyMember);
        throw err;
      }
      // Lost a race with another tab, or the address got a login meanwhile.
      if (!result) throw new AppError(410, TEAM_MESSAGES.used);
      const user = await users.findById(result.userId);
      if (!user) throw notFound('Account not found');
      return user;
    },

    /** The admin's client view: the client's members. */
    async membersOfClient(clientId: number): Promise<TeamMember[]> {
      if (!(await repo.business(clientId))) throw notFound('Client not found');
      return (await repo.listMembers(clientId)).map(toMember);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
