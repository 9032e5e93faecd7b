import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import { recordAudit } from '~/console/audit.server';
import { requireStaff, type StaffUser } from '~/console/staff-access.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import type { Promotion } from '~/commerce/promo/promo';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import { readPromotion, readPromotions } from '~/commerce/promo/promotions-db.server';
import { type PromotionFields, promotionFieldsSchema, promotionIdSchema } from './promotions.schema';
import { promotionStatus } from './promotion-status';

/**
 * Promotions in the console (docs/decisions/0052): staff who edit products and campaigns make,
 * edit, pause, resume and expire codes. Each change is written with its audit row, then the
 * promotions' read model is read again here and on every instance (the change channel).
 */
type Db = AppLoadContext['services']['database']['db'];

export interface PromotionRow extends Promotion {
  status: string;
}

export interface PromotionAnswer extends FormAnswer {
  promotionId?: string;
}

export async function promotionsPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const now = Date.now();
  const promotions = await readPromotions(context.services.database.db);
  return { promotions: promotions.map((p): PromotionRow => ({ ...p, status: promotionStatus(p, now) })) };
}

export async function promotionPageData(context: AppLoadContext, request: Request, id: string) {
  await requireStaff(context, request);
  const promotion = await readPromotion(context.services.database.db, id);
  if (!promotion) throw data('This promotion does not exist.', { status: 404 });
  return { promotion: { ...promotion, status: promotionStatus(promotion, Date.now()) } };
}

/** What a row holds, as the audit log keeps it: only the fields a change touched. */
const columns = (p: PromotionFields & { code: string }) => ({
  code: p.code,
  label: p.label,
  kind: p.kind,
  value: p.value,
  min_subtotal: p.minSubtotal,
  min_items: p.minItems,
  first_order: p.firstOrder ? 1 : 0,
  scope: p.scope,
  scope_ids: JSON.stringify(p.scopeIds),
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  usage_limit: p.usageLimit,
  per_customer_limit: p.perCustomerLimit,
});

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Scope ids the catalogue does not know, said as a field error. */
function unknownScopeIds(context: AppLoadContext, fields: PromotionFields): string | undefined {
  const catalogue = catalogueOf(context.services);
  const known = (id: string) =>
    fields.scope === 'category'
      ? catalogue.getCategory(id) !== undefined
      : catalogue.getProduct(id) !== undefined;
  const unknown = fields.scopeIds.filter((id) => !known(id));
  if (unknown.length === 0) return undefined;
  return `Not in the catalogue: ${unknown.slice(0, 5).join(', ')}.`;
}

async function parseSave(context: AppLoadContext, form: FormData, creating: boolean) {
  const posted = postedFields(form);
  const values = posted;
  const { code, ...rest } = posted;
  const parsed = promotionFieldsSchema.safeParse(creating ? { ...rest, code: code ?? '' } : rest);
  const scopeProblem = parsed.success ? unknownScopeIds(context, parsed.data) : undefined;
  const codeMissing = creating && parsed.success && !parsed.data.code;
  if (!parsed.success || scopeProblem || codeMissing) {
    return {
      refused: invalidFields<PromotionAnswer>(
        { intent: 'save', message: 'The promotion was not saved: see the fields below.', values },
        parsed.success ? [] : parsed.error.issues,
        {
          scopeIds: scopeProblem,
          code: codeMissing ? 'Enter a code of 3 to 32 letters, digits, - or _.' : undefined,
        },
      ),
    } as const;
  }
  return { fields: parsed.data } as const;
}

/** The new promotion form: a code unique whatever its case (stored upper-case). */
export async function newPromotionAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async save({ form }) {
        const parsed = await parseSave(context, form, true);
        if ('refused' in parsed) return parsed.refused;
        const fields = parsed.fields as PromotionFields & { code: string };
        const id = randomUUID();
        const now = Date.now();
        const created = await context.services.database.db.transaction().execute(async (trx) => {
          const taken = await trx
            .selectFrom('promotions')
            .select('id')
            .where('code', '=', fields.code)
            .executeTakeFirst();
          if (taken) return false;
          const row = columns(fields);
          await trx
            .insertInto('promotions')
            .values({ id, ...row, paused: 0, used: 0, created_at: now, updated_at: now })
            .execute();
          await recordAudit(
            trx,
            staff,
            { action: 'promotion.create', targetType: 'promotion', targetId: id, after: row },
            now,
          );
          return true;
        });
        if (!created) {
          return invalidFields<PromotionAnswer>(
            {
              intent: 'save',
              message: 'The promotion was not saved: see the fields below.',
              values: postedFields(form),
            },
            [],
            { code: `${fields.code} exists already: choose another code.` },
          );
        }
        await promotionsOf(context.services).changed();
        return answer<PromotionAnswer>({
          intent: 'save',
          ok: true,
          message: `Promotion ${fields.code} created.`,
          promotionId: id,
        });
      },
    },
  );
}

/** Pause, resume and expire: on the list (the row's hidden field) and on the promotion's page. */
function statusIntents(context: AppLoadContext, staff: StaffUser, idOf: (form: FormData) => string) {
  const { db } = context.services.database;
  return {
    async pause({ form }: { form: FormData }) {
      const saved = await update(db, staff, idOf(form), 'promotion.pause', () => ({ paused: 1 }));
      return result('pause', saved, 'Promotion paused: the code gives nothing until resumed.', context);
    },
    async resume({ form }: { form: FormData }) {
      const saved = await update(db, staff, idOf(form), 'promotion.resume', () => ({ paused: 0 }));
      return result('resume', saved, 'Promotion resumed.', context);
    },
    async expire({ form }: { form: FormData }) {
      const now = Date.now();
      const saved = await update(db, staff, idOf(form), 'promotion.expire', (before) => ({
        ends_at: before.ends_at !== null && Number(before.ends_at) <= now ? Number(before.ends_at) : now,
      }));
      return result('expire', saved, 'Promotion expired: the code no longer works.', context);
    },
  };
}

/** Save, pause, resume and expire one promotion (its code stays: orders name it). */
export async function promotionAction(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async save({ form }) {
        const parsed = await parseSave(context, form, false);
        if ('refused' in parsed) return parsed.refused;
        const saved = await update(context.services.database.db, staff, id, 'promotion.update', (before) =>
          columns({ ...parsed.fields, code: before.code as string }),
        );
        return result('save', saved, 'Promotion saved.', context);
      },
      ...statusIntents(context, staff, () => id),
    },
  );
}

/** The list's row buttons: the promotion named by a hidden field. */
export async function promotionsAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  const idOf = (form: FormData) => {
    const parsed = promotionIdSchema.safeParse({ promotion: form.get('promotion') });
    if (!parsed.success) throw data('Reload the page and try again.', { status: 400 });
    return parsed.data.promotion;
  };
  return runIntent<AppLoadContext, unknown>({ context, request }, statusIntents(context, staff, idOf));
}

type Changes = Record<string, unknown>;

/** One change with its audit row (only what differs); 'missing' or 'same' when nothing was written. */
async function update(
  db: Db,
  staff: StaffUser,
  id: string,
  action: string,
  change: (before: Changes) => Changes,
): Promise<'done' | 'missing' | 'same'> {
  return db.transaction().execute(async (trx) => {
    const before = (await trx
      .selectFrom('promotions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as Changes | undefined;
    if (!before) return 'missing';
    const normal = (row: Changes) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'string' && /^\d+$/.test(v) && k !== 'code' ? Number(v) : v,
        ]),
      );
    const after = change(before);
    const diff = changedFields(normal(before), normal(after));
    if (Object.keys(diff.after).length === 0) return 'same';
    const now = Date.now();
    await trx
      .updateTable('promotions')
      .set({ ...after, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, staff, { action, targetType: 'promotion', targetId: id, ...diff }, now);
    return 'done';
  });
}

async function result(
  intent: string,
  saved: 'done' | 'missing' | 'same',
  message: string,
  context: AppLoadContext,
) {
  if (saved === 'missing')
    return answer<PromotionAnswer>(
      { intent, ok: false, message: 'This promotion no longer exists.' },
      { status: 404 },
    );
  if (saved === 'same') return answer<PromotionAnswer>({ intent, ok: true, message: 'Nothing changed.' });
  // Every instance reads the promotions again (the storefront sees it within a second or so).
  await promotionsOf(context.services).changed();
  return answer<PromotionAnswer>({ intent, ok: true, message });
}
