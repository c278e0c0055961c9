import { count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { AuditEntry } from '@shared/schemas/admin';

export interface AuditInput {
  /** null: no one did it by hand (a payment provider's event). */
  actorId: number | null;
  action: string;
  targetClientId?: number | null;
  details?: Record<string, unknown>;
}

/** Writes one audit entry, in the transaction of the change it records. */
export async function recordAudit(executor: Pick<Executor, 'insert'>, entry: AuditInput): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetClientId: entry.targetClientId ?? null,
    details: entry.details ?? {},
  });
}

/** The audit log: entries written in the transaction of the change they record, and read a page at a time. */
export function createAdminAuditRepository(db: Database) {
  return {
    insertAudit: recordAudit,

    async listAudit(query: { clientId?: number; page: number; pageSize: number }) {
      const where = query.clientId ? eq(auditLog.targetClientId, query.clientId) : undefined;
      const target = db
        .select({ id: users.id, companyName: users.companyName, firstName: users.firstName })
        .from(users)
        .as('target');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            entry: auditLog,
            actorEmail: users.email,
            targetCompany: target.companyName,
            targetFirstName: target.firstName,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .leftJoin(target, eq(target.id, auditLog.targetClientId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      const entries: AuditEntry[] = rows.map(({ entry, actorEmail, targetCompany, targetFirstName }) => ({
        id: entry.id,
        action: entry.action,
        actor: entry.actorId === null ? null : { id: entry.actorId, email: actorEmail ?? '' },
        targetClient:
          entry.targetClientId === null
            ? null
            : {
                id: entry.targetClientId,
                // A deleted client keeps its entries; the name then comes from the entry's details.
                companyName:
                  targetCompany ||
                  targetFirstName ||
                  String(
                    (entry.details as Record<string, unknown>).companyName ??
                      `Client #${entry.targetClientId}`,
                  ),
              },
        details: entry.details as Record<string, unknown>,
        createdAt: entry.createdAt.toISOString(),
      }));
      return { rows: entries, total: Number(total?.total ?? 0) };
    },
  };
}

export type AdminAuditRepository = ReturnType<typeof createAdminAuditRepository>;
