import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { WebhookEventType } from './events';

type Db = Kysely<DatabaseSchema>;

/**
 * The one call a feature makes when something an integration may want to know happened
 * (docs/decisions/0049). Call it with the transaction of the change itself: the event and one
 * delivery per subscribed endpoint are rows of that transaction (an outbox), so a committed
 * change always has its event and a rolled-back one never does. The relay
 * (delivery.server.ts) puts each delivery on the job queue once it is committed.
 *
 * `data` is the event's own description (ids, references, amounts): never a secret, never
 * more of a shopper than the integration needs. Returns the event's id (its `webhook-id`), or
 * null when no enabled endpoint wants this type (nothing is written then).
 */
export async function emitWebhookEvent(
  trx: Db,
  type: WebhookEventType,
  /** The event's data, or a function reading it: called only when an endpoint wants the event. */
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  now = Date.now(),
): Promise<string | null> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .execute();
  const wanting = endpoints.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type));
  if (wanting.length === 0) return null;
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const payload = {
    type,
    timestamp: new Date(now).toISOString(),
    data: typeof data === 'function' ? await data() : data,
  };
  await trx
    .insertInto('webhook_events')
    .values({ id, type, payload: JSON.stringify(payload), created_at: now })
    .execute();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      wanting.map((endpoint) => ({
        id: randomUUID(),
        event_id: id,
        endpoint_id: endpoint.id,
        state: 'pending' as const,
        attempts: 0,
        queued_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return id;
}

/**
 * An order's event: what an accounting or warehouse system needs to find the order (id,
 * reference) and its state and money in cents, read in the same transaction, plus `extra`.
 */
export function emitOrderEvent(
  trx: Db,
  type: Extract<WebhookEventType, `order.${string}`>,
  orderId: string,
  extra: Record<string, unknown> = {},
  now = Date.now(),
): Promise<string | null> {
  return emitWebhookEvent(
    trx,
    type,
    async () => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'reference', 'status', 'fulfilment', 'total', 'refunded_total', 'paid_at'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      return {
        orderId: order.id,
        reference: order.reference,
        status: order.status,
        fulfilment: order.fulfilment,
        currency: 'USD',
        totalCents: Number(order.total),
        refundedCents: Number(order.refunded_total),
        paidAt: order.paid_at === null ? null : new Date(Number(order.paid_at)).toISOString(),
        ...extra,
      };
    },
    now,
  );
}
