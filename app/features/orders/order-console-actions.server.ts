import { type AppLoadContext, data } from 'react-router';
import type { FormAnswer } from '~/lib/form-answer';
import { answer, runIntent, invalidFields, type FormArgs } from '~/lib/form-action.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { requireStaff } from '~/console/staff-access.server';
import type { Carrier } from '~/commerce/orders/fulfilment';
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from './fulfilment-mail.server';
import {
  addOrderNote,
  cancelOrder,
  FulfilmentError,
  markDelivered,
  markPacked,
  markShipped,
} from '~/commerce/orders/fulfilment.server';
import { noteSchema, refundKeySchema, refundQuantitySchema, shipSchema } from './order-console.schema';
import { findOrderByReference, isOrderReference } from '~/commerce/orders/orders.server';
import { RefundError, refundOrder } from './refunds.server';
import {
  mailShopper,
  type OrderConsoleArgs,
  type OrderConsoleHandlers,
} from '~/commerce/orders/order-console-handlers.server';

export type OrderConsoleAnswer = FormAnswer;

type Args = OrderConsoleArgs;

const done = (intent: string, message: string) => answer<OrderConsoleAnswer>({ intent, ok: true, message });

function refused(intent: string, error: unknown) {
  if (error instanceof FulfilmentError || error instanceof RefundError) {
    const status =
      error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : error.code === 'error' ? 502 : 409;
    return answer<OrderConsoleAnswer>({ intent, ok: false, message: error.message }, { status });
  }
  throw error;
}

const handlers: OrderConsoleHandlers = {
  async pack({ context, staff, order }) {
    try {
      await markPacked(context.services.database.db, staff, order.id);
    } catch (error) {
      return refused('pack', error);
    }
    return done('pack', 'Marked packed.');
  },
  async ship({ context, staff, order, form }) {
    const parsed = shipSchema.safeParse({
      carrier: form.get('carrier') ?? '',
      trackingNumber: form.get('trackingNumber') ?? '',
    });
    if (!parsed.success) return invalidFields<OrderConsoleAnswer>({ intent: 'ship' }, parsed.error.issues);
    try {
      await markShipped(context.services.database.db, staff, order.id, {
        carrier: parsed.data.carrier as Carrier,
        trackingNumber: parsed.data.trackingNumber,
      });
    } catch (error) {
      return refused('ship', error);
    }
    await mailShopper(context, order, 'order shipped', orderShippedMail);
    return done('ship', 'Marked shipped. The customer has been emailed the tracking link.');
  },
  async deliver({ context, staff, order }) {
    try {
      await markDelivered(context.services.database.db, staff, order.id);
    } catch (error) {
      return refused('deliver', error);
    }
    return done('deliver', 'Marked delivered.');
  },
  async cancel({ context, staff, order }) {
    let returned: string[];
    try {
      ({ returned } = await cancelOrder(context.services.database.db, staff, order.id));
    } catch (error) {
      return refused('cancel', error);
    }
    if (returned.length > 0) await catalogueStore(context.services).changed(returned);
    await mailShopper(context, order, 'order cancelled', orderCancelledMail);
    return done('cancel', 'Order cancelled. The customer has been emailed.');
  },
  async note({ context, staff, order, form }) {
    const parsed = noteSchema.safeParse({ text: form.get('text') ?? '' });
    if (!parsed.success) return invalidFields<OrderConsoleAnswer>({ intent: 'note' }, parsed.error.issues);
    await addOrderNote(context.services.database.db, staff, order, parsed.data.text);
    return done('note', 'Note added.');
  },
  refund: (args) => refund(args),
};

async function refund({ context, staff, order, form }: Args) {
  const intent = 'refund';
  const key = refundKeySchema.safeParse(form.get('key'));
  if (!key.success)
    return answer<OrderConsoleAnswer>(
      { intent, ok: false, message: key.error.issues[0]?.message },
      { status: 400 },
    );
  let lines: { itemId: string; quantity: number }[] | 'all' = 'all';
  if (form.get('scope') !== 'all') {
    lines = [];
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (!name.startsWith('qty-')) continue;
      const quantity = refundQuantitySchema.safeParse(value);
      if (!quantity.success)
        fields[name] = quantity.error.issues[0]?.message ?? 'Enter a whole number of units';
      else if (quantity.data > 0) lines.push({ itemId: name.slice(4), quantity: quantity.data });
    }
    if (Object.keys(fields).length > 0)
      return data({ intent, ok: false, fields } satisfies OrderConsoleAnswer, { status: 400 });
  }
  const { services } = context;
  let result;
  try {
    result = await refundOrder(
      {
        db: services.database.db,
        gateway: services.payments,
        stockChanged: (ids) => catalogueStore(services).changed(ids),
      },
      { orderId: order.id, actor: staff, idempotencyKey: key.data, lines },
    );
  } catch (error) {
    return refused(intent, error);
  }
  const { refund, repeated } = result;
  if (refund.status === 'failed')
    return answer<OrderConsoleAnswer>(
      { intent, ok: false, message: refund.message ?? 'The refund failed.' },
      { status: 409 },
    );
  if (refund.status === 'processing') {
    return answer<OrderConsoleAnswer>(
      { intent, ok: false, message: 'This refund is still being processed. Reload the order in a minute.' },
      { status: 409 },
    );
  }
  if (!repeated) {
    services.metrics.refunds.inc();
    const refunded = JSON.parse(refund.lines) as { itemId: string; quantity: number }[];
    await mailShopper(context, order, 'order refunded', (view, url) =>
      orderRefundedMail(
        view,
        {
          amount: refund.amount,
          lines: refunded.map((line) => ({
            name: view.items.find((item) => item.id === line.itemId)?.name ?? 'Item',
            quantity: line.quantity,
          })),
        },
        url,
      ),
    );
  }
  return done(intent, 'Refund sent to the payment service. The customer has been emailed.');
}

/**
 * The action of /admin/orders/:reference: each form posts its intent. Other features add the
 * forms of their own panels on the page (`more`: the prescription review).
 */
export async function orderConsoleAction(
  context: AppLoadContext,
  request: Request,
  reference: string,
  more: OrderConsoleHandlers = {},
) {
  const staff = await requireStaff(context, request);
  const order = isOrderReference(reference)
    ? await findOrderByReference(context.services.database.db, reference)
    : undefined;
  if (!order) throw data(null, { status: 404 });
  return runIntent(
    { context, request },
    Object.fromEntries(
      Object.entries({ ...handlers, ...more }).map(([intent, handler]) => [
        intent,
        (args: FormArgs<AppLoadContext>) => handler({ ...args, staff, order }),
      ]),
    ),
  );
}
