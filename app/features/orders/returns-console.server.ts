import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import { pageParam } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { isOurError, returnRefund, type ReturnStep } from '~/commerce/orders/returns';
import { findOrder } from '~/commerce/orders/orders.server';
import { queueOrderMail } from '~/commerce/orders/order-mail-queue.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { orderRefundedMail } from './fulfilment-mail.server';
import { RefundError } from './refunds.server';
import { returnApprovedMail, returnRefusedMail } from './return-mail.server';
import { refundReturn } from './return-refund.server';
import { approveReturn, type LineOutcome, receiveReturn, refuseReturn } from './return-steps.server';
import { findReturn, ReturnError, type ReturnView, toReturnView } from './returns.server';
import { lineOutcomeSchema, refusalSchema, returnKeySchema, returnStepFilter } from './returns.schema';

/** The console's returns: the queue, one return's page and staff's forms on it (docs/decisions/0053). */
export const RETURNS_PAGE_SIZE = 50;

export interface ReturnQueueRow {
  number: string;
  orderReference: string;
  status: ReturnStep;
  reason: string;
  units: number;
  requestedAt: number;
}

export async function returnsQueueData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const url = new URL(request.url);
  const status = returnStepFilter(url.searchParams.get('status'));
  const page = pageParam(url.searchParams.get('page'));
  let query = db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .select(['returns.id', 'returns.number', 'returns.status', 'returns.reason', 'returns.requested_at'])
    .select('orders.reference');
  if (status) query = query.where('returns.status', '=', status);
  const rows = await query
    .orderBy('returns.requested_at')
    .orderBy('returns.id')
    .limit(RETURNS_PAGE_SIZE + 1)
    .offset((page - 1) * RETURNS_PAGE_SIZE)
    .execute();
  const shown = rows.slice(0, RETURNS_PAGE_SIZE);
  const units = shown.length
    ? await db
        .selectFrom('return_lines')
        .select(['return_id', (eb) => eb.fn.sum<number | string>('quantity').as('units')])
        .where(
          'return_id',
          'in',
          shown.map((row) => row.id),
        )
        .groupBy('return_id')
        .execute()
    : [];
  return {
    status: status ?? null,
    page,
    hasNext: rows.length > RETURNS_PAGE_SIZE,
    returns: shown.map((row): ReturnQueueRow => ({
      number: row.number,
      orderReference: row.reference,
      status: row.status,
      reason: row.reason,
      units: Number(units.find((u) => u.return_id === row.id)?.units ?? 0),
      requestedAt: Number(row.requested_at),
    })),
  };
}

/** One return with its order's figures and what its refund would be. */
export async function returnPageData(context: AppLoadContext, request: Request, number: string) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const ret = await findReturn(db, number.toUpperCase());
  if (!ret) throw data(null, { status: 404 });
  const order = await findOrder(db, ret.orderId);
  if (!order) throw data(null, { status: 404 });
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
  const shippingRefunded = await db
    .selectFrom('returns')
    .select('id')
    .where('order_id', '=', order.id)
    .where('refund_shipping', '>', 0)
    .executeTakeFirst();
  const preview = returnRefund(
    {
      subtotal: order.subtotal,
      discount: order.discount,
      tax: Number(order.tax ?? 0),
      shipping: order.shipping,
      total: order.total,
      refundedTotal: Number(order.refunded_total),
    },
    ret.lines.map((line) => {
      const item = items.find((i) => i.id === line.orderItemId);
      return {
        lineTotal: item?.line_total ?? 0,
        boughtQuantity: item?.quantity ?? 1,
        quantity: line.quantity,
      };
    }),
    { ourError: isOurError(ret.reason), shippingRefundedAlready: Boolean(shippingRefunded) },
  );
  return {
    ret,
    order: {
      reference: order.reference,
      total: order.total,
      shipping: order.shipping,
      refundedTotal: Number(order.refunded_total),
      deliveredAt: order.delivered_at === null ? null : Number(order.delivered_at),
    },
    preview,
    // Made with the page: a double click sends the same key and refunds once.
    refundKey: randomUUID(),
  };
}

export type ReturnConsoleAnswer = FormAnswer;

/** As the order console answers: a refusal (or the processor's decline) 409, the processor unreached 502. */
function refused(intent: string, error: unknown) {
  if (error instanceof ReturnError || error instanceof RefundError) {
    const status =
      error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : error.code === 'error' ? 502 : 409;
    return answer<ReturnConsoleAnswer>({ intent, ok: false, message: error.message }, { status });
  }
  throw error;
}

/** Approve, refuse, receive and refund; each mails the shopper once it has committed. */
export async function returnAction(context: AppLoadContext, request: Request, number: string) {
  const staff = await requireStaff(context, request);
  const { services } = context;
  const { db } = services.database;
  const ret = await findReturn(db, number.toUpperCase());
  if (!ret) throw data(null, { status: 404 });
  const mail = async (
    kind: string,
    build: (
      view: Parameters<typeof returnApprovedMail>[0],
      url: string | null,
    ) => ReturnType<typeof returnApprovedMail>,
  ) => {
    const order = await findOrder(db, ret.orderId);
    if (order) await queueOrderMail(services, order, kind, (view, url) => build(view, url));
  };
  const fresh = async (): Promise<ReturnView> => (await findReturn(db, ret.number)) ?? ret;
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async approve() {
        try {
          await approveReturn(db, staff, ret.id);
        } catch (error) {
          return refused('approve', error);
        }
        const now = await fresh();
        await mail('return approved', (view, url) => returnApprovedMail(view, now, url));
        return answer<ReturnConsoleAnswer>({
          intent: 'approve',
          ok: true,
          message: `Return ${ret.number} approved; the shopper is mailed the instructions.`,
        });
      },
      async refuse({ form }) {
        const parsed = refusalSchema.safeParse({ return: ret.number, ...postedFields(form) });
        if (!parsed.success)
          return invalidFields<ReturnConsoleAnswer>({ intent: 'refuse' }, parsed.error.issues);
        try {
          await refuseReturn(db, staff, ret.id, parsed.data.reason);
        } catch (error) {
          return refused('refuse', error);
        }
        const now = await fresh();
        await mail('return refused', (view, url) => returnRefusedMail(view, now, url));
        return answer<ReturnConsoleAnswer>({
          intent: 'refuse',
          ok: true,
          message: `Return ${ret.number} refused; the shopper is mailed the reason.`,
        });
      },
      async receive({ form }) {
        const outcomes: Record<string, LineOutcome> = {};
        const fields: Record<string, string> = {};
        for (const line of ret.lines) {
          const parsed = lineOutcomeSchema.safeParse(form.get(`outcome-${line.id}`));
          if (parsed.success) outcomes[line.id] = parsed.data;
          else fields[`outcome-${line.id}`] = `Choose restock or write off for ${line.name}`;
        }
        if (Object.keys(fields).length > 0)
          return data(
            {
              intent: 'receive',
              ok: false,
              message: 'Choose restock or write off for every line.',
              fields,
            } satisfies ReturnConsoleAnswer,
            { status: 400 },
          );
        let moved;
        try {
          moved = await receiveReturn(db, staff, ret.id, outcomes);
        } catch (error) {
          return refused('receive', error);
        }
        // The storefront and its cached pages show the restocked units.
        if (moved.restocked.length > 0) await catalogueStore(services).changed(moved.restocked);
        return answer<ReturnConsoleAnswer>({
          intent: 'receive',
          ok: true,
          message: `Return ${ret.number} received.`,
        });
      },
      async refund({ form }) {
        const key = returnKeySchema.safeParse(form.get('key'));
        if (!key.success)
          return answer<ReturnConsoleAnswer>(
            { intent: 'refund', ok: false, message: key.error.issues[0]?.message },
            { status: 400 },
          );
        let done;
        try {
          done = await refundReturn(
            { db, gateway: services.payments, stockChanged: (ids) => catalogueStore(services).changed(ids) },
            staff,
            ret.id,
            key.data,
          );
        } catch (error) {
          return refused('refund', error);
        }
        if (done.fresh) {
          services.metrics.refunds.inc();
          const now = toReturnView(done.row, (await fresh()).lines);
          await mail('order refunded', (view, url) =>
            orderRefundedMail(
              view,
              {
                amount: Number(done.refund.amount),
                lines: now.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
              },
              url,
            ),
          );
        }
        return answer<ReturnConsoleAnswer>({
          intent: 'refund',
          ok: true,
          message: `Return ${ret.number} refunded.`,
        });
      },
    },
  );
}
