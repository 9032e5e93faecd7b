import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { termsStanding } from '~/commerce/invoices/invoice-terms.server';
import { INVOICE_TEXT } from '~/commerce/invoices/invoices';
import { formatPrice } from '~/commerce/money';
import type { BuyingContext } from '~/commerce/organisations/organisations';
import { limitProblem, monthSpend } from '~/commerce/organisations/spending.server';
import { CheckoutError } from './checkout-error';

type Db = Kysely<DatabaseSchema>;
import type { CheckoutRequest, CheckoutUser } from './checkout.server';
import type { QuoteDeps } from './quote.server';

/*
 * What a checkout does for a member of an approved organisation (docs/decisions/0055, 0056,
 * 0058): the order's organisation, buyer and purchase order; whether it may go on terms; and
 * whether it must wait for the organisation's approvers.
 */

/**
 * For a member of an approved organisation: whose order it is, who placed it and its purchase
 * order (required when the organisation says so); and whether it may go on invoice terms (held
 * terms are said, with their reason). Undefined for a consumer, who pays by card or bank.
 */
export async function organisationOf(
  deps: QuoteDeps,
  context: BuyingContext | undefined,
  user: CheckoutUser | null,
  request: Pick<CheckoutRequest, 'paymentMethod' | 'poNumber'>,
) {
  if (!context) {
    if (request.paymentMethod === 'invoice')
      throw new CheckoutError('terms_refused', INVOICE_TEXT.notOffered);
    return undefined;
  }
  const poNumber = request.poNumber ?? null;
  if (context.organisation.poRequired && !poNumber) {
    throw new CheckoutError('po_required', INVOICE_TEXT.poRequired, { poNumber: INVOICE_TEXT.poRequired });
  }
  if (request.paymentMethod === 'invoice') {
    const standing = await termsStanding(deps.db, context.organisation);
    if (!standing) throw new CheckoutError('terms_refused', INVOICE_TEXT.notOffered);
    if (standing.held) throw new CheckoutError('terms_refused', standing.held);
  }
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return { id: context.organisation.id, buyerName: name || (user?.email ?? ''), poNumber };
}

/**
 * An order over the member's order or monthly limit waits for the organisation's approvers
 * (docs/decisions/0056): it is stored as usual, with a waiting approval that the payment refuses.
 * Asked before the order is stored (a pending order counts in no month's spend), so the approval
 * is written in the order's own transaction: neither is kept without the other.
 */
export async function approvalNeeded(
  deps: QuoteDeps,
  buying: BuyingContext,
  total: number,
): Promise<{ why: string; session: NonNullable<CheckoutSession['approval']> } | undefined> {
  // Only a monthly limit needs the month's spend (no query otherwise).
  const spent =
    buying.member.monthlyLimit === null ? 0 : await monthSpend(deps.db, buying.member.userId, Date.now());
  const problem = limitProblem(buying.member, spent, total);
  if (!problem) return undefined;
  return {
    why: problem.why,
    session: {
      organisationId: buying.organisation.id,
      message: `Your order is over your spending limit of ${formatPrice(problem.limit)} and has been sent to ${buying.organisation.name}'s approvers. We'll email you when it is approved.`,
    },
  };
}

/** The waiting approval of a new order, in the transaction that stores the order. */
export async function recordWaitingApproval(trx: Db, buying: BuyingContext, orderId: string, why: string) {
  const now = Date.now();
  await trx
    .insertInto('order_approvals')
    .values({
      order_id: orderId,
      organisation_id: buying.organisation.id,
      buyer_id: buying.member.userId,
      status: 'waiting',
      why,
      decided_by: null,
      comment: null,
      created_at: now,
      decided_at: null,
      updated_at: now,
    })
    .execute();
}
