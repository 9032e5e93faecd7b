import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import { type Actor, recordAudit } from '~/console/audit.server';
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

const ENDPOINT_FIELDS = new Set(['url', 'description', 'events']);

/** How long a rotated-out secret still signs: a day for the receiving system to take the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/**
 * The endpoint form (create and edit) read and checked: its values to show again, and either the
 * endpoint's fields or the answer naming what is wrong.
 */
function readEndpointForm(form: FormData, production: boolean, intent: string) {
  const posted = postedFields(form);
  const values = { url: posted.url ?? '', description: posted.description ?? '' };
  const unknown = Object.keys(posted).find((name) => !ENDPOINT_FIELDS.has(name));
  if (unknown) throw data(`This form has no field "${unknown.slice(0, 40)}".`, { status: 400 });
  const parsed = endpointSchema.safeParse({ ...values, events: form.getAll('events') });
  const urlProblem = parsed.success ? endpointUrlProblem(parsed.data.url, production) : null;
  if (!parsed.success || urlProblem) {
    return {
      invalid: invalidFields<WebhooksAnswer>(
        { intent, message: 'The endpoint was not saved: see the fields below.', values },
        parsed.success ? [] : parsed.error.issues,
        { url: urlProblem ?? undefined },
      ),
    };
  }
  return { endpoint: parsed.data };
}

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
        const read = readEndpointForm(form, env.isProduction, 'create');
        if (read.invalid) return read.invalid;
        const id = randomUUID();
        const secret = newWebhookSecret();
        const now = Date.now();
        const { url, description, events } = read.endpoint;
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('webhook_endpoints')
            .values({
              id,
              url,
              description,
              events: JSON.stringify(events),
              secret: sealWebhookSecret(secret, env.AUTH_SECRET),
              previous_secret: null,
              previous_secret_until: null,
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

/**
 * The endpoint page's own changes: edit its address, description and events (deliveries made
 * already keep going to it), and rotate its signing secret. A rotation shows the new secret once
 * and keeps the old one signing beside it for PREVIOUS_SECRET_HOURS, so the receiving system can
 * switch without refusing an event; rotating again within that day drops the older one.
 */
export function endpointSettingsIntents(context: AppLoadContext, admin: Actor, endpointId: string) {
  const { db } = context.services.database;
  const { env } = context.services;
  return {
    async edit({ form }: { form: FormData }) {
      const read = readEndpointForm(form, env.isProduction, 'edit');
      if (read.invalid) return read.invalid;
      const { url, description, events } = read.endpoint;
      const saved = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('webhook_endpoints')
          .select(['url', 'description', 'events'])
          .where('id', '=', endpointId)
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .updateTable('webhook_endpoints')
          .set({ url, description, events: JSON.stringify(events), updated_at: Date.now() })
          .where('id', '=', endpointId)
          .execute();
        await recordAudit(trx, admin, {
          action: 'webhook.edit',
          targetType: 'webhook',
          targetId: endpointId,
          before: {
            url: before.url,
            description: before.description,
            events: JSON.parse(before.events) as unknown,
          },
          after: { url, description, events },
        });
        return true;
      });
      return answer<WebhooksAnswer>(
        saved
          ? { intent: 'edit', ok: true, message: 'Endpoint saved. New events go to it as it is now.' }
          : { intent: 'edit', ok: false, message: 'This endpoint no longer exists: reload the page.' },
        { status: saved ? 200 : 404 },
      );
    },
    async rotate() {
      const secret = newWebhookSecret();
      const now = Date.now();
      const rotated = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('webhook_endpoints')
          .select('secret')
          .where('id', '=', endpointId)
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .updateTable('webhook_endpoints')
          .set({
            secret: sealWebhookSecret(secret, env.AUTH_SECRET),
            previous_secret: before.secret,
            previous_secret_until: now + PREVIOUS_SECRET_HOURS * 60 * 60 * 1000,
            updated_at: now,
          })
          .where('id', '=', endpointId)
          .execute();
        // The audit row says that it happened and until when the old one signs; never a secret.
        await recordAudit(
          trx,
          admin,
          {
            action: 'webhook.rotate',
            targetType: 'webhook',
            targetId: endpointId,
            after: {
              previousSecretSignsUntil: new Date(now + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString(),
            },
          },
          now,
        );
        return true;
      });
      return answer<WebhooksAnswer>(
        rotated
          ? {
              intent: 'rotate',
              ok: true,
              message: `New signing secret made. Copy it now: it is not shown again. For ${PREVIOUS_SECRET_HOURS} hours each delivery is signed with the old and the new secret.`,
              secret,
              endpointId,
            }
          : { intent: 'rotate', ok: false, message: 'This endpoint no longer exists: reload the page.' },
        { status: rotated ? 200 : 404 },
      );
    },
  };
}
