import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import { recordAudit } from '~/console/audit.server';
import { requireAdmin } from '~/console/staff-access.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { endpointUrlProblem } from '~/commerce/webhooks/endpoint-url.server';
import { newWebhookSecret, sealWebhookSecret } from '~/commerce/webhooks/secrets.server';
import { endpointIdSchema, endpointSchema } from './webhooks.schema';

/** What the console shows of an endpoint: never its secret (shown once, when made). */
export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  createdAt: number;
  pending: number;
  failed: number;
}

/** The create form's answer: the secret, this once. */
export interface WebhooksAnswer extends FormAnswer {
  secret?: string;
  endpointId?: string;
}

export async function webhooksPageData(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const { db } = context.services.database;
  const [endpoints, counts] = await Promise.all([
    db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at', 'desc').execute(),
    db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', 'in', ['pending', 'failed'])
      .groupBy(['endpoint_id', 'state'])
      .execute(),
  ]);
  const count = (id: string, state: string) =>
    Number(counts.find((row) => row.endpoint_id === id && row.state === state)?.n ?? 0);
  return {
    endpoints: endpoints.map((row): EndpointRow => ({
      id: row.id,
      url: row.url,
      description: row.description,
      events: JSON.parse(row.events) as string[],
      enabled: Boolean(Number(row.enabled)),
      createdAt: Number(row.created_at),
      pending: count(row.id, 'pending'),
      failed: count(row.id, 'failed'),
    })),
  };
}

const CREATE_FIELDS = new Set(['url', 'description', 'events']);

/** Register, enable, disable and delete endpoints; each change with its audit row. */
export async function webhooksAction(context: AppLoadContext, request: Request) {
  const admin = await requireAdmin(context, request);
  const { db } = context.services.database;
  const { env } = context.services;
  const endpointOf = (form: FormData) => {
    const parsed = endpointIdSchema.safeParse(postedFields(form));
    if (!parsed.success) throw data('Reload the page and try again.', { status: 400 });
    return parsed.data.endpoint;
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async create({ form }) {
        const posted = postedFields(form);
        const values = { url: posted.url ?? '', description: posted.description ?? '' };
        const unknown = Object.keys(posted).find((name) => !CREATE_FIELDS.has(name));
        if (unknown) throw data(`This form has no field "${unknown.slice(0, 40)}".`, { status: 400 });
        const parsed = endpointSchema.safeParse({ ...values, events: form.getAll('events') });
        const urlProblem = parsed.success ? endpointUrlProblem(parsed.data.url, env.isProduction) : null;
        if (!parsed.success || urlProblem) {
          return invalidFields<WebhooksAnswer>(
            { intent: 'create', message: 'The endpoint was not saved: see the fields below.', values },
            parsed.success ? [] : parsed.error.issues,
            { url: urlProblem ?? undefined },
          );
        }
        const id = randomUUID();
        const secret = newWebhookSecret();
        const now = Date.now();
        const { url, description, events } = parsed.data;
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('webhook_endpoints')
            .values({
              id,
              url,
              description,
              events: JSON.stringify(events),
              secret: sealWebhookSecret(secret, env.AUTH_SECRET),
              enabled: 1,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await recordAudit(
            trx,
            admin,
            {
              action: 'webhook.create',
              targetType: 'webhook',
              targetId: id,
              after: { url, description, events },
            },
            now,
          );
        });
        return answer<WebhooksAnswer>({
          intent: 'create',
          ok: true,
          message: 'Endpoint saved. Copy its signing secret now: it is not shown again.',
          secret,
          endpointId: id,
        });
      },
      async enable({ form }) {
        return setEnabled(context, admin, endpointOf(form), true);
      },
      async disable({ form }) {
        return setEnabled(context, admin, endpointOf(form), false);
      },
      async delete({ form }) {
        const id = endpointOf(form);
        const deleted = await db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('webhook_endpoints')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (!before) return false;
          // Its deliveries and their tries go with it; a job still queued for one finds nothing to send.
          await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
          await recordAudit(trx, admin, {
            action: 'webhook.delete',
            targetType: 'webhook',
            targetId: id,
            before: { url: before.url, events: JSON.parse(before.events) as unknown },
          });
          return true;
        });
        return answer<WebhooksAnswer>(
          deleted
            ? { intent: 'delete', ok: true, message: 'Endpoint deleted.' }
            : { intent: 'delete', ok: false, message: 'This endpoint no longer exists: reload the page.' },
          { status: deleted ? 200 : 404 },
        );
      },
    },
  );
}

async function setEnabled(
  context: AppLoadContext,
  admin: Parameters<typeof recordAudit>[1],
  id: string,
  enabled: boolean,
) {
  const changed = await context.services.database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: enabled ? 1 : 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('enabled', '=', enabled ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, admin, {
      action: enabled ? 'webhook.enable' : 'webhook.disable',
      targetType: 'webhook',
      targetId: id,
      before: { enabled: !enabled },
      after: { enabled },
    });
    return true;
  });
  const intent = enabled ? 'enable' : 'disable';
  return answer<WebhooksAnswer>(
    changed
      ? {
          intent,
          ok: true,
          message: enabled ? 'Endpoint enabled.' : 'Endpoint disabled: no new events go to it.',
        }
      : { intent, ok: false, message: 'Nothing changed: reload the page.' },
    { status: changed ? 200 : 409 },
  );
}
