import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundMessages, users } from '../../db/schema';
import type { OutboxMessage } from '@shared/schemas/admin';
import type { Channel } from '@shared/schemas/domain';

/** The mail and SMS outbox (every outbound message, sent or kept), newest first, for the admin. */
export function createAdminOutboxRepository(db: Database) {
  return {
    async listOutbox(query: { channel?: Channel; page: number; pageSize: number }) {
      const where = query.channel ? eq(outboundMessages.channel, query.channel) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            message: outboundMessages,
            companyName: users.companyName,
            firstName: users.firstName,
          })
          .from(outboundMessages)
          .leftJoin(users, eq(users.id, outboundMessages.ownerId))
          .where(where)
          .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(outboundMessages).where(where),
      ]);
      const messages: OutboxMessage[] = rows.map(({ message, companyName, firstName }) => ({
        id: message.id,
        channel: message.channel,
        transport: message.transport,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        html: message.html,
        status: message.status,
        providerMessageId: message.providerMessageId,
        providerResponse: message.providerResponse,
        error: message.error,
        createdAt: message.createdAt.toISOString(),
        client:
          message.ownerId === null
            ? null
            : { id: message.ownerId, companyName: companyName || firstName || `Client #${message.ownerId}` },
      }));
      return { rows: messages, total: Number(total?.total ?? 0) };
    },
  };
}

export type AdminOutboxRepository = ReturnType<typeof createAdminOutboxRepository>;
