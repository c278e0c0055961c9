import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WebhookDeliveryEvent, WebhookEvent } from '@shared/schemas/api-access';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { enqueueMany } from '../../lib/queue/enqueue';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A transaction (or the database) that wrote the change an event reports. */
export type EmitExecutor = Pick<Database, 'select' | 'insert'>;

/** One attempt each at 0, 1 min, 5 min, 30 min, 2 h and 6 h: then the delivery has failed. */
export const WEBHOOK_MAX_ATTEMPTS = 6;

export interface EventToEmit {
  ownerId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
}

/**
 * Writes a delivery per subscribed, active endpoint and queues each, in the caller's transaction: a change
 * that rolls back sends nothing, one that commits cannot lose its events.
 */
export async function insertDeliveries(tx: EmitExecutor, events: EventToEmit[]): Promise<number[]> {
  if (events.length === 0) return [];
  const owners = [...new Set(events.map((e) => e.ownerId))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, ownerId: webhookEndpoints.ownerId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.ownerId, owners), isNull(webhookEndpoints.disabledAt)));
  const rows = events.flatMap((e) =>
    endpoints
      .filter((endpoint) => endpoint.ownerId === e.ownerId && endpoint.events.includes(e.event))
      .map((endpoint) => ({ ownerId: e.ownerId, endpointId: endpoint.id, event: e.event, payload: e.data })),
  );
  return queueDeliveries(tx, rows);
}

async function queueDeliveries(
  tx: EmitExecutor,
  rows: { ownerId: number; endpointId: number; event: WebhookDeliveryEvent; payload: unknown }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, nextAttemptAt: sql`now()` })))
    .returning({ id: webhookDeliveries.id });
  await enqueueMany(
    tx,
    'deliver-webhook',
    inserted.map((row) => ({
      payload: { deliveryId: row.id },
      dedupeKey: `webhook-delivery:${row.id}`,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    })),
  );
  return inserted.map((row) => row.id);
}

export function createWebhooksRepository(db: Database) {
  return {
    listEndpoints(ownerId: number): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.ownerId, ownerId), isNull(webhookEndpoints.disabledAt)))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    },

    async findEndpoint(ownerId: number, id: number): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.ownerId, ownerId),
            eq(webhookEndpoints.id, id),
            isNull(webhookEndpoints.disabledAt),
          ),
        );
      return row;
    },

    async insertEndpoint(
      ownerId: number,
      url: string,
      events: WebhookEvent[],
      sealedSecret: string,
    ): Promise<WebhookEndpointRow> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ownerId, url, events, secret: sealedSecret })
        .returning();
      return row!;
    },

    /** Removing an endpoint disables it: no more events, its pending deliveries fail, the log stays. */
    async disableEndpoint(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ disabledAt: sql`now()` })
        .where(
          and(
            eq(webhookEndpoints.ownerId, ownerId),
            eq(webhookEndpoints.id, id),
            isNull(webhookEndpoints.disabledAt),
          ),
        )
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    listDeliveries(ownerId: number, endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.ownerId, ownerId), eq(webhookDeliveries.endpointId, endpointId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    /** A delivery of the test event to one endpoint, queued at once. */
    async queueTestDelivery(ownerId: number, endpointId: number, payload: unknown): Promise<number> {
      return db.transaction(async (tx) => {
        const [id] = await queueDeliveries(tx, [{ ownerId, endpointId, event: 'webhook.test', payload }]);
        return id!;
      });
    },

    async findDelivery(id: number): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row;
    },

    async findDeliveryEndpoint(id: number): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async recordAttempt(
      id: number,
      result: Pick<
        WebhookDeliveryRow,
        'status' | 'attempts' | 'responseStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'
      >,
    ): Promise<void> {
      await db.update(webhookDeliveries).set(result).where(eq(webhookDeliveries.id, id));
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
