import type { MailContent } from '#server/mail/layout';
import type { AppServices } from '#server/types';
import { orderConfirmationMail } from './order-mail.server';
import { findOrderByReference, type OrderRow, orderView } from './orders.server';
import { receiptLink } from './receipt-download.server';

/**
 * Every mail about an order (confirmation, shipped, cancelled, refunded, the prescription's
 * decision) goes out the same way: after its change has committed, built from the order as it
 * now is and put on the outbox's job queue (ADR 0021), which sends and retries it. A mail that
 * cannot be queued is logged and never undoes the change.
 */
type MailServices = Pick<AppServices, 'database' | 'env' | 'mail' | 'logger'>;

export type OrderMailBuilder = (
  view: Awaited<ReturnType<typeof orderView>>,
  /** The order's page in the account, for a signed-in shopper's order; null for a guest's. */
  orderUrl: string | null,
  order: OrderRow,
) => MailContent;

export async function queueOrderMail(
  services: MailServices,
  order: OrderRow,
  /** What the jobs console shows of the mail ("order shipped"), never its subject or body. */
  kind: string,
  build: OrderMailBuilder,
): Promise<void> {
  const { db } = services.database;
  try {
    const fresh = (await findOrderByReference(db, order.reference)) ?? order;
    if (!fresh.email) return;
    const url = fresh.user_id ? `${services.env.APP_URL}/account/orders/${fresh.reference}` : null;
    await services.mail.send({ kind, to: fresh.email, ...build(await orderView(db, fresh), url, fresh) });
  } catch (error) {
    services.logger.error({ err: error, order: order.reference }, 'order mail not queued');
  }
}

/** The confirmation, once the payment has gone through, with the receipt's signed link. */
export function queueConfirmationMail(services: MailServices, order: OrderRow): Promise<void> {
  return queueOrderMail(services, order, 'order confirmation', (view, orderUrl, fresh) =>
    orderConfirmationMail(view, {
      orderUrl,
      receiptUrl: receiptLink(services.env.APP_URL, services.env.AUTH_SECRET, fresh),
    }),
  );
}
