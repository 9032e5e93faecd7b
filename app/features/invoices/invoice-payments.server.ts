import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, InvoiceTable } from '#server/db/schema';
import { formatPrice } from '~/commerce/money';
import { INVOICE_STATUS, remainingOf, statusAfterPayment } from '~/commerce/invoices/invoices';
import { recordInvoiceSettled } from '~/commerce/orders/order-writes.server';
import { type Actor, recordAudit } from '~/console/audit.server';
import type { InvoicePaymentInput } from './invoices.schema';

/**
 * Staff recording money received against an invoice (docs/decisions/0058): a full or part
 * payment, never more than what remains; the status follows (part paid, paid) and the audit row
 * commits with it. The invoice's row is locked (PostgreSQL) and the UPDATE guarded by the paid
 * amount it read, so two members of staff recording at once cannot pay it twice over.
 */
type Db = Kysely<DatabaseSchema>;

export class InvoicePaymentError extends Error {
  constructor(
    readonly code: 'not_found' | 'too_much' | 'settled' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export async function recordInvoicePayment(
  db: Db,
  actor: Actor,
  invoiceId: string,
  input: InvoicePaymentInput,
  now = Date.now(),
): Promise<InvoiceTable> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId);
    if (isPostgres<DatabaseSchema>(trx)) query = query.forUpdate();
    const before = await query.executeTakeFirst();
    if (!before) throw new InvoicePaymentError('not_found', 'This invoice does not exist.');
    const remaining = remainingOf({ amount: before.amount, paidAmount: before.paid_amount });
    if (remaining === 0)
      throw new InvoicePaymentError('settled', `Invoice ${before.number} is paid already.`);
    if (input.amount > remaining) {
      throw new InvoicePaymentError(
        'too_much',
        `Enter at most ${formatPrice(remaining)}: that is what remains to pay on invoice ${before.number}.`,
      );
    }
    const paidAmount = before.paid_amount + input.amount;
    const status = statusAfterPayment(before.amount, paidAmount);
    const result = await trx
      .updateTable('invoices')
      .set({ paid_amount: paidAmount, status, paid_at: status === INVOICE_STATUS.paid ? now : null })
      .where('id', '=', invoiceId)
      .where('paid_amount', '=', before.paid_amount)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new InvoicePaymentError(
        'conflict',
        'Another payment was recorded on this invoice at the same time. Check the invoice and try again.',
      );
    }
    await trx
      .insertInto('invoice_payments')
      .values({
        id: randomUUID(),
        invoice_id: invoiceId,
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        recorded_by: actor.id,
        recorded_at: now,
      })
      .execute();
    // Paid in full: its order counts in sales from now, in this payment's transaction.
    if (status === INVOICE_STATUS.paid) await recordInvoiceSettled(trx, before.order_id, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'invoice.payment',
        targetType: 'invoice',
        targetId: before.number,
        before: { paidAmount: before.paid_amount, status: before.status },
        after: { paidAmount, status, amount: input.amount, method: input.method, reference: input.reference },
      },
      now,
    );
    return {
      ...before,
      paid_amount: paidAmount,
      status,
      paid_at: status === INVOICE_STATUS.paid ? now : null,
    };
  });
}
