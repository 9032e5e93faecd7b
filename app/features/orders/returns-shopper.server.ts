import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { returnDeadline, type ReturnReason, returnRefusal } from '~/commerce/orders/returns';
import { isOrderReference, type OrderRow } from '~/commerce/orders/orders.server';
import { answer, invalidFields } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { returnInstructions } from './return-mail.server';
import { ReturnError, requestReturn, returnableLines, returnsOfOrder } from './returns.server';
import { returnQuantitySchema, returnRequestSchema } from './returns.schema';

/** The shopper's side of returns, on their order's page (docs/decisions/0053). */
type Db = Kysely<DatabaseSchema>;

function ownOrder(db: Db, userId: string, reference: string) {
  if (!isOrderReference(reference)) return Promise.resolve(undefined);
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'fulfilment', 'delivered_at'])
    .where('reference', '=', reference)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The order page's returns: each one with its steps, and the request form's lines when it may be
 * used. `order` is the page's own read of the shopper's own order (findVisibleOrder, `own`).
 */
export async function orderReturnsData(
  db: Db,
  order: Pick<OrderRow, 'id' | 'status' | 'fulfilment' | 'delivered_at'>,
  now = Date.now(),
) {
  const deliveredAt = order.delivered_at === null ? null : Number(order.delivered_at);
  const refusal = returnRefusal({ status: order.status, fulfilment: order.fulfilment, deliveredAt }, now);
  const returns = await returnsOfOrder(db, order.id);
  // Before delivery there is nothing to say; after the window, the page says why.
  if (returns.length === 0 && deliveredAt === null) return null;
  const lines = refusal ? [] : await returnableLines(db, order.id);
  return {
    returns: returns.map((ret) => ({
      ...ret,
      instructions: ret.status === 'approved' ? returnInstructions(ret.number) : [],
    })),
    refusal,
    deadline: deliveredAt === null ? null : returnDeadline(deliveredAt),
    lines,
    formKey: randomUUID(),
  };
}

export interface ReturnRequestAnswer extends FormAnswer {
  number?: string;
}

/** The "Request a return" form: its own order only, with or without scripts. */
export async function requestReturnAction(
  context: AppLoadContext,
  userId: string,
  reference: string,
  form: FormData,
) {
  const intent = 'return';
  const { db } = context.services.database;
  const order = await ownOrder(db, userId, reference);
  if (!order) throw data(null, { status: 404 });
  const values = {
    key: String(form.get('key') ?? ''),
    reason: String(form.get('reason') ?? ''),
    note: String(form.get('note') ?? ''),
  };
  const parsed = returnRequestSchema.safeParse(values);
  const lines: { itemId: string; quantity: number }[] = [];
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith('qty-')) continue;
    const quantity = returnQuantitySchema.safeParse(value);
    if (!quantity.success)
      fields[name] = quantity.error.issues[0]?.message ?? 'Enter a whole number of units';
    else if (quantity.data > 0) lines.push({ itemId: name.slice(4), quantity: quantity.data });
  }
  if (!parsed.success || Object.keys(fields).length > 0) {
    return invalidFields<ReturnRequestAnswer>(
      { intent, message: 'Your return was not sent: see the fields below.', values },
      parsed.success ? [] : parsed.error.issues,
      fields,
    );
  }
  try {
    const { row } = await requestReturn(db, {
      orderId: order.id,
      userId,
      key: parsed.data.key,
      reason: parsed.data.reason as ReturnReason,
      note: parsed.data.note,
      lines,
    });
    return answer<ReturnRequestAnswer>({
      intent,
      ok: true,
      number: row.number,
      message: `Return ${row.number} requested. We will email you once we have looked at it.`,
    });
  } catch (error) {
    if (!(error instanceof ReturnError)) throw error;
    const status = error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : 409;
    return answer<ReturnRequestAnswer>({ intent, ok: false, message: error.message, values }, { status });
  }
}
