import { and, asc, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamRole } from '@shared/schemas/team';
import type { Database, Transaction } from '../../db/client';
import { locations, sessions, teamInvitations, teamMembers, users } from '../../db/schema';
import type { EventBus, EventExecutor } from '../../lib/events';

export interface AuditEntry {
  actorId: number;
  action: string;
  clientId: number;
  details: Record<string, unknown>;
}

/** A user's membership of a business, with the business's name and state; undefined when they have none. */
export async function membershipOf(db: Pick<Database, 'select'>, userId: number) {
  const [row] = await db
    .select({
      clientId: teamMembers.clientId,
      role: teamMembers.role,
      locationIds: teamMembers.locationIds,
      businessName: users.companyName,
      ownerFirstName: users.firstName,
      clientDisabledAt: users.disabledAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.clientId))
    .where(eq(teamMembers.userId, userId));
  return row;
}

const memberColumns = {
  id: teamMembers.id,
  userId: teamMembers.userId,
  email: users.email,
  firstName: users.firstName,
  role: teamMembers.role,
  locationIds: teamMembers.locationIds,
  createdAt: teamMembers.createdAt,
};

const invitationColumns = {
  id: teamInvitations.id,
  clientId: teamInvitations.clientId,
  email: teamInvitations.email,
  role: teamInvitations.role,
  locationIds: teamInvitations.locationIds,
  expiresAt: teamInvitations.expiresAt,
  acceptedAt: teamInvitations.acceptedAt,
  revokedAt: teamInvitations.revokedAt,
  createdAt: teamInvitations.createdAt,
};

export type InvitationRow = Awaited<ReturnType<TeamRepository['findInvitationByHash']>> & object;

/** Team members and invitations (issue 16); every change is written with its audit entry in one transaction. */
export function createTeamRepository(db: Database, events: EventBus) {
  /** Every change goes to the audit log in its own transaction. */
  const writeAudit = (tx: EventExecutor, entry: AuditEntry) =>
    events.emit(tx, {
      type: 'audited',
      actorId: entry.actorId,
      action: entry.action,
      targetClientId: entry.clientId,
      details: entry.details,
    });

  return {
    /** The business a member user works in, and as what; undefined when they belong to none. */
    membershipOf: (userId: number) => membershipOf(db, userId),

    async business(clientId: number) {
      const [row] = await db
        .select({ companyName: users.companyName, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, clientId), eq(users.role, 'client')));
      return row;
    },

    /** A client's team, for the client's settings and for an admin's view of the client alike. */
    async listMembers(clientId: number) {
      return db
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.clientId, clientId))
        .orderBy(asc(teamMembers.id));
    },

    async findMember(clientId: number, memberId: number) {
      const [row] = await db
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.clientId, clientId), eq(teamMembers.id, memberId)));
      return row;
    },

    /** Invitations still waiting: not accepted, not revoked, not expired at `now`. */
    async listPendingInvitations(clientId: number, now: Date) {
      return db
        .select(invitationColumns)
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.clientId, clientId),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(teamInvitations.id));
    },

    /** How many of these ids are locations of the business (to refuse another client's location ids). */
    async countOwnLocations(clientId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(and(eq(locations.ownerId, clientId), inArray(locations.id, ids)));
      return row?.n ?? 0;
    },

    async userByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, email: users.email, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row;
    },

    async isMember(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId));
      return Boolean(row);
    },

    /** Invitations the client made since `since`, revoked ones included (each sent an email). */
    async countInvitationsSince(executor: Pick<Database, 'select'>, clientId: number, since: Date) {
      const [row] = await executor
        .select({ n: count() })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.clientId, clientId), gte(teamInvitations.createdAt, since)));
      return row?.n ?? 0;
    },

    async insertInvitation(
      values: {
        clientId: number;
        email: string;
        role: TeamRole;
        locationIds: number[] | null;
        tokenHash: string;
        expiresAt: Date;
        invitedBy: number;
        createdAt: Date;
      },
      audit: Omit<AuditEntry, 'details'>,
      /** The caps' say, asked first inside the inserting transaction (it throws when a cap is reached). */
      reserve?: (tx: Transaction) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        await reserve?.(tx);
        const [row] = await tx.insert(teamInvitations).values(values).returning(invitationColumns);
        await writeAudit(tx, {
          ...audit,
          details: {
            invitationId: row!.id,
            email: values.email,
            role: values.role,
            locationIds: values.locationIds,
          },
        });
        return row!;
      });
    },

    /** A pending invitation to this address already exists (one link at a time per address). */
    async pendingInvitationFor(clientId: number, email: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.clientId, clientId),
            eq(sql`lower(${teamInvitations.email})`, email.toLowerCase()),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        );
      return Boolean(row);
    },

    async findInvitationByHash(tokenHash: string) {
      const [row] = await db
        .select(invitationColumns)
        .from(teamInvitations)
        .where(eq(teamInvitations.tokenHash, tokenHash));
      return row;
    },

    async revokeInvitation(clientId: number, invitationId: number, audit: Omit<AuditEntry, 'details'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(teamInvitations)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(teamInvitations.clientId, clientId),
              eq(teamInvitations.id, invitationId),
              isNull(teamInvitations.acceptedAt),
              isNull(teamInvitations.revokedAt),
            ),
          )
          .returning({ id: teamInvitations.id, email: teamInvitations.email });
        if (!row) return false;
        await writeAudit(tx, { ...audit, details: { invitationId, email: row.email } });
        return true;
      });
    },

    /**
     * Spends the invitation and makes the user a member, in one transaction: the update only succeeds on a
     * live invitation (not accepted, not revoked, not expired at `now`), so a link is used once even when
     * two tabs accept together. `createUser` runs inside the same transaction for a new login.
     */
    async acceptInvitation(
      invitationId: number,
      now: Date,
      user: { existingUserId: number } | { newUser: typeof users.$inferInsert },
    ): Promise<{ userId: number } | undefined> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .update(teamInvitations)
          .set({ acceptedAt: now })
          .where(
            and(
              eq(teamInvitations.id, invitationId),
              isNull(teamInvitations.acceptedAt),
              isNull(teamInvitations.revokedAt),
              gt(teamInvitations.expiresAt, now),
            ),
          )
          .returning();
        if (!invitation) return undefined;
        let userId: number;
        if ('existingUserId' in user) {
          userId = user.existingUserId;
        } else {
          const [created] = await tx.insert(users).values(user.newUser).onConflictDoNothing().returning();
          // The address got a login meanwhile: throwing rolls the spent invitation back.
          if (!created) throw new MemberConflict();
          userId = created.id;
        }
        const [member] = await tx
          .insert(teamMembers)
          .values({
            clientId: invitation.clientId,
            userId,
            role: invitation.role,
            locationIds: invitation.locationIds,
          })
          .onConflictDoNothing()
          .returning({ id: teamMembers.id });
        if (!member) throw new MemberConflict();
        await writeAudit(tx, {
          actorId: userId,
          action: 'team.invitation_accepted',
          clientId: invitation.clientId,
          details: { invitationId, memberId: member.id, role: invitation.role },
        });
        return { userId };
      });
    },

    async updateMember(
      clientId: number,
      memberId: number,
      changes: { role?: TeamRole; locationIds?: number[] | null },
      audit: Omit<AuditEntry, 'details'>,
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ role: teamMembers.role, locationIds: teamMembers.locationIds })
          .from(teamMembers)
          .where(and(eq(teamMembers.clientId, clientId), eq(teamMembers.id, memberId)))
          .for('update');
        if (!before) return undefined;
        await tx
          .update(teamMembers)
          .set(changes)
          .where(and(eq(teamMembers.clientId, clientId), eq(teamMembers.id, memberId)));
        await writeAudit(tx, { ...audit, details: { memberId, before, after: changes } });
        return true;
      });
    },

    /** The membership, the member's login and every session of theirs end together. */
    async removeMember(clientId: number, memberId: number, audit: Omit<AuditEntry, 'details'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.clientId, clientId), eq(teamMembers.id, memberId)))
          .returning({ userId: teamMembers.userId, role: teamMembers.role });
        if (!row) return false;
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
        await tx.delete(sessions).where(eq(sessions.userId, row.userId));
        await events.emit(tx, { type: 'team.member_removed', clientId, userId: row.userId });
        await writeAudit(tx, {
          ...audit,
          details: { memberId, userId: row.userId, email: user?.email ?? null, role: row.role },
        });
        return true;
      });
    },
  };
}

/** The user became a member elsewhere between the check and the join. */
export class MemberConflict extends Error {}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
