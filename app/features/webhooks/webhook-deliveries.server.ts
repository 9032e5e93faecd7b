import { type AppLoadContext, data } from 'react-router';
import type { WebhookDeliveryState } from '#server/db/schema';
import { recordAudit } from '~/console/audit.server';
import { pageParam } from '~/console/console';
import { requireAdmin } from '~/console/staff-access.server';
import { answer, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { queueDelivery } from '~/commerce/webhooks/delivery.server';
import { endpointSettingsIntents } from './webhooks-console.server';
import { deliveryIdSchema } from './webhooks.schema';

/** A try as the console lists it: when, how it ended, the code and a short excerpt; no secret, no headers. */
export interface AttemptRow {
  at: number;
  durationMs: number;
  outcome: string;
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
}

export interface DeliveryRow {
  id: string;
  eventId: string;
  type: string;
  state: WebhookDeliveryState;
  createdAt: number;
  attempts: AttemptRow[];
}

const DELIVERIES_PER_PAGE = 25;

export async function endpointPageData(context: AppLoadContext, request: Request, endpointId: string) {
  await requireAdmin(context, request);
  const { db } = context.services.database;
  const endpoint = /^[0-9a-f-]{36}$/.test(endpointId)
    ? await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirst()
    : undefined;
  if (!endpoint) throw data('This endpoint does not exist.', { status: 404 });
  const page = pageParam(new URL(request.url).searchParams.get('page'));
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select(['d.id', 'd.state', 'd.created_at', 'v.id as eventId', 'v.type'])
    .where('d.endpoint_id', '=', endpoint.id)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .limit(DELIVERIES_PER_PAGE + 1)
    .offset((page - 1) * DELIVERIES_PER_PAGE)
    .execute();
  const shown = rows.slice(0, DELIVERIES_PER_PAGE);
  const attempts =
    shown.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            shown.map((row) => row.id),
          )
          .orderBy('at')
          .execute();
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: JSON.parse(endpoint.events) as string[],
      enabled: Boolean(Number(endpoint.enabled)),
      /** Until when the secret a rotation replaced still signs; null when none does. */
      previousSecretUntil:
        endpoint.previous_secret && Number(endpoint.previous_secret_until) > Date.now()
          ? Number(endpoint.previous_secret_until)
          : null,
    },
    deliveries: shown.map((row): DeliveryRow => ({
      id: row.id,
      eventId: row.eventId,
      type: row.type,
      state: row.state,
      createdAt: Number(row.created_at),
      attempts: attempts
        .filter((attempt) => attempt.delivery_id === row.id)
        .map((attempt) => ({
          at: Number(attempt.at),
          durationMs: Number(attempt.duration_ms),
          outcome: attempt.outcome,
          statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
          error: attempt.error,
          excerpt: attempt.response_excerpt,
        })),
    })),
    page,
    hasNext: rows.length > DELIVERIES_PER_PAGE,
  };
}

/**
 * Resend: the same event, with the same `webhook-id` (a receiver that has it already can tell),
 * signed afresh. Only a delivery that is not being tried already: two jobs for one delivery
 * would send it twice at once.
 */
export async function endpointAction(context: AppLoadContext, request: Request, endpointId: string) {
  const admin = await requireAdmin(context, request);
  const { database, jobs, env } = context.services;
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      ...endpointSettingsIntents(context, admin, endpointId),
      async resend({ form }) {
        const parsed = deliveryIdSchema.safeParse(postedFields(form));
        if (!parsed.success) throw data('Reload the page and try again.', { status: 400 });
        const id = parsed.data.delivery;
        const resent = await database.db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('webhook_deliveries')
            .select(['state', 'event_id'])
            .where('id', '=', id)
            .where('endpoint_id', '=', endpointId)
            .executeTakeFirst();
          if (!before) return 'missing' as const;
          const result = await trx
            .updateTable('webhook_deliveries')
            .set({ state: 'pending', updated_at: Date.now() })
            .where('id', '=', id)
            .where('state', '!=', 'pending')
            .where('queued_at', 'is not', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) return 'busy' as const;
          await queueDelivery(jobs, env, trx, id);
          await recordAudit(trx, admin, {
            action: 'webhook.resend',
            targetType: 'webhook',
            targetId: endpointId,
            before: { delivery: id, event: before.event_id, state: before.state },
            after: { delivery: id, event: before.event_id, state: 'pending' },
          });
          return 'resent' as const;
        });
        const messages = {
          resent: 'The event will be sent again in a moment, with the same webhook-id.',
          busy: 'This delivery is being tried already: wait for it to end.',
          missing: 'This delivery no longer exists: reload the page.',
        };
        return answer<FormAnswer>(
          { intent: 'resend', ok: resent === 'resent', message: messages[resent] },
          { status: resent === 'resent' ? 200 : resent === 'busy' ? 409 : 404 },
        );
      },
    },
  );
}
