import type { Logger } from '#server/logger';
import type { AppServices } from '#server/types';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { queueInvoiceIssued } from '~/commerce/invoices/invoice-mail.server';
import { queueConfirmationMail } from '~/commerce/orders/order-mail-queue.server';
import { findOrder } from '~/commerce/orders/orders.server';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import type { TermsPlacement } from '~/commerce/invoices/invoices';
import { CheckoutError } from './checkout-error';
import type { PaymentDeps } from './payment-attempts.server';
import { type PaidOrder, payOrder } from './payment.server';

/**
 * What follows an order's payment or placement on terms, wherever it happened (the payment
 * endpoint, or an approver approving an order on terms): the counters, the other tabs, a limited
 * code's count, and the mail (the invoice with its PDF on terms, the confirmation otherwise).
 */
export function paymentDepsOf(services: AppServices): PaymentDeps {
  const { database, payments, env, logger } = services;
  return {
    db: database.db,
    gateway: payments,
    secret: env.AUTH_SECRET,
    stockChanged: (ids) =>
      catalogueStore(services)
        .changed(ids)
        .catch((error: unknown) => logger.error({ err: error }, 'catalogue: stock refresh failed')),
  };
}

export async function announcePlaced(services: AppServices, paid: PaidOrder, logger: Logger): Promise<void> {
  if (paid.duplicateTransactionId) {
    logger.error(
      { order: paid.order.reference, transactionId: paid.duplicateTransactionId },
      'order charged twice: refund this transaction',
    );
  }
  if (!paid.charged) return;
  services.metrics.ordersPaid.inc();
  logger.info({ order: paid.order.reference, amount: paid.order.total }, 'order paid');
  // The other tabs' signal is not awaited. The mail is queued before the answer, as every
  // order mail is (order-mail-queue), so it goes out, and is retried, whatever happens to
  // this process; the payment stands even if queueing fails, which is logged.
  if (paid.order.user_id) void services.cartEvents.publish(paid.order.user_id).catch(() => undefined);
  // A limited code's count moved: every instance's quotes learn when its last use is gone.
  const promotions = promotionsOf(services);
  const code = paid.order.promo_code ? promotions.find(paid.order.promo_code) : undefined;
  if (code && code.usageLimit !== null)
    void promotions
      .changed()
      .catch((error: unknown) =>
        services.logger.error({ err: error }, 'promotions: refresh after a use failed'),
      );
  // An order on invoice terms gets its invoice, PDF attached, in place of the receipt mail.
  if (paid.invoice) await queueInvoiceIssued(services, paid.invoice, logger);
  else await queueConfirmationMail(services, paid.order);
}

/**
 * A stored order its buyer chose to put on the organisation's invoice terms is placed on them as
 * soon as nothing else waits: when an approver approves it (docs/decisions/0056), when its quote
 * is accepted (docs/decisions/0059). The placement is the payment endpoint's own (the lock, the
 * limits, the credit check, the units, the invoice), for the buyer's account. Undefined for an
 * order paid by card or bank, which the buyer pays from its page.
 */
export async function placeStoredOrderOnTerms(
  services: AppServices,
  orderId: string,
): Promise<TermsPlacement | undefined> {
  const order = await findOrder(services.database.db, orderId);
  if (!order || order.payment_method !== 'invoice' || !order.email) return undefined;
  try {
    const paid = await payOrder(paymentDepsOf(services), {
      orderId,
      userId: order.user_id,
      payment: { paymentMethod: 'invoice', email: order.email },
      idempotencyKey: `terms-${orderId}`,
    });
    await announcePlaced(services, paid, services.logger);
    return { placed: true, invoiceNumber: paid.invoice?.number ?? null };
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return { placed: false, message: error.message };
  }
}
