import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { centsToDecimal } from '~/commerce/money';
import { cancelAbandonedOrders } from '~/commerce/orders/abandoned-checkouts.server';

type Db = Kysely<DatabaseSchema>;

/**
 * The organisation-buying part of a person's data (docs/decisions/0055-0059): memberships,
 * invitations to their address, quotes, approvals they asked for or decided, the invoices of
 * their orders and their returns. Read from the tables directly, as the rest of the privacy
 * feature reads orders: privacy imports no other feature. What the person never sees is left
 * out: invitation token hashes, staff's and other members' ids, another buyer's name or limits.
 */

export const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
/** The download is JSON: amounts as numbers of dollars, made from the one decimal writer. */
export const dollars = (cents: number) => Number(centsToDecimal(cents));
const maybeDollars = (cents: number | null) => (cents === null ? null : dollars(cents));

async function memberships(db: Db, user: { id: string; email: string }) {
  const [rows, invitations] = await Promise.all([
    db
      .selectFrom('organisation_members as m')
      .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
      .select(['o.name', 'o.status', 'm.role', 'm.order_limit', 'm.monthly_limit', 'm.added_at'])
      .where('m.user_id', '=', user.id)
      .execute(),
    db
      .selectFrom('organisation_invitations as i')
      .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
      .select(['o.name', 'i.role', 'i.created_at', 'i.expires_at', 'i.accepted_at', 'i.revoked_at'])
      .where((eb) => eb(eb.fn('lower', ['i.email']), '=', user.email.toLowerCase()))
      .orderBy('i.created_at')
      .execute(),
  ]);
  return {
    organisationMemberships: rows.map((m) => ({
      organisation: m.name,
      organisationStatus: m.status,
      role: m.role,
      orderLimit: maybeDollars(m.order_limit),
      monthlyLimit: maybeDollars(m.monthly_limit),
      joinedAt: iso(m.added_at),
    })),
    organisationInvitations: invitations.map((i) => ({
      organisation: i.name,
      role: i.role,
      invitedAt: iso(i.created_at),
      expiresAt: iso(i.expires_at),
      acceptedAt: iso(i.accepted_at),
      revokedAt: iso(i.revoked_at),
    })),
  };
}

async function quotes(db: Db, userId: string) {
  const rows = await db
    .selectFrom('quotes as q')
    .leftJoin('orders as o', 'o.id', 'q.order_id')
    .selectAll('q')
    .select('o.reference as orderReference')
    .where('q.user_id', '=', userId)
    .orderBy('q.created_at')
    .execute();
  const ids = rows.map((q) => q.id);
  const [lines, messages] = ids.length
    ? await Promise.all([
        db.selectFrom('quote_lines').selectAll().where('quote_id', 'in', ids).orderBy('position').execute(),
        db
          .selectFrom('quote_messages')
          .select(['quote_id', 'author', 'body', 'at'])
          .where('quote_id', 'in', ids)
          .orderBy('at')
          .execute(),
      ])
    : [[], []];
  return rows.map((q) => ({
    reference: q.reference,
    status: q.status,
    askedAt: iso(q.created_at),
    expiresAt: iso(q.expires_at),
    order: q.orderReference,
    shipTo: {
      name: q.ship_name,
      line1: q.ship_line1,
      line2: q.ship_line2,
      city: q.ship_city,
      state: q.ship_state,
      zip: q.ship_zip,
      phone: q.ship_phone,
    },
    lines: lines
      .filter((line) => line.quote_id === q.id)
      .map((line) => ({
        productId: line.product_id,
        name: line.name,
        quantity: line.quantity,
        listPrice: dollars(line.list_price),
        quotedPrice: maybeDollars(line.quoted_price),
      })),
    // Who wrote it as the shopper saw it: "you" or "MediSupply", never a member of staff's id.
    messages: messages
      .filter((m) => m.quote_id === q.id)
      .map((m) => ({
        from: m.author === 'shopper' ? 'you' : 'MediSupply',
        sentAt: iso(m.at),
        message: m.body,
      })),
  }));
}

async function approvals(db: Db, userId: string) {
  const rows = await db
    .selectFrom('order_approvals as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['o.reference', 'a.buyer_id', 'a.decided_by', 'a.status', 'a.why', 'a.comment'])
    .select(['a.created_at', 'a.decided_at'])
    .where((eb) => eb.or([eb('a.buyer_id', '=', userId), eb('a.decided_by', '=', userId)]))
    .orderBy('a.created_at')
    .execute();
  return rows.map((a) => {
    const raised = a.buyer_id === userId;
    return {
      order: a.reference,
      yourPart: raised ? 'asked for approval' : 'decided',
      status: a.status,
      // The limit and figures are the buyer's own: an approver's download leaves them out.
      ...(raised ? { why: a.why } : {}),
      comment: a.comment,
      requestedAt: iso(a.created_at),
      decidedAt: iso(a.decided_at),
    };
  });
}

async function invoices(db: Db, userId: string) {
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.number', 'o.reference', 'i.amount', 'i.paid_amount', 'i.status', 'i.terms_days'])
    .select(['i.issued_at', 'i.due_at', 'i.paid_at'])
    .where('o.user_id', '=', userId)
    .orderBy('i.issued_at')
    .execute();
  return rows.map((i) => ({
    number: i.number,
    order: i.reference,
    amount: dollars(i.amount),
    paid: dollars(i.paid_amount),
    status: i.status,
    termsDays: i.terms_days,
    issuedAt: iso(i.issued_at),
    dueAt: iso(i.due_at),
    paidAt: iso(i.paid_at),
  }));
}

async function returns(db: Db, userId: string) {
  const rows = await db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select('o.reference')
    .where('o.user_id', '=', userId)
    .orderBy('r.requested_at')
    .execute();
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .selectFrom('return_lines as l')
        .innerJoin('order_items as item', 'item.id', 'l.order_item_id')
        .select(['l.return_id', 'item.product_id', 'item.name', 'l.quantity', 'l.refund_amount'])
        .where('l.return_id', 'in', ids)
        .orderBy('item.position')
        .execute()
    : [];
  return rows.map((r) => ({
    number: r.number,
    order: r.reference,
    status: r.status,
    reason: r.reason,
    note: r.note,
    refusalReason: r.refusal_reason,
    refunded: maybeDollars(r.refund_amount),
    requestedAt: iso(r.requested_at),
    approvedAt: iso(r.approved_at),
    refusedAt: iso(r.refused_at),
    receivedAt: iso(r.received_at),
    refundedAt: iso(r.refunded_at),
    lines: lines
      .filter((line) => line.return_id === r.id)
      .map((line) => ({
        productId: line.product_id,
        name: line.name,
        quantity: line.quantity,
        refunded: maybeDollars(line.refund_amount),
      })),
  }));
}

export async function organisationBuyingDataOf(db: Db, user: { id: string; email: string }) {
  const [organisation, quoteRows, approvalRows, invoiceRows, returnRows] = await Promise.all([
    memberships(db, user),
    quotes(db, user.id),
    approvals(db, user.id),
    invoices(db, user.id),
    returns(db, user.id),
  ]);
  return {
    ...organisation,
    quotes: quoteRows,
    approvals: approvalRows,
    invoices: invoiceRows,
    returns: returnRows,
  };
}

/** An organisation always keeps an admin (as the members' page refuses): what stops erasure. */
export const LAST_ADMIN_REFUSAL =
  'You are the only admin of your organisation, which has other members: make one of them admin on your organisation’s page first, then delete your account.';

export class ErasureRefused extends Error {}

/** Why the account cannot be erased yet, or null. */
export async function erasureRefusal(db: Db, userId: string): Promise<string | null> {
  const member = await db
    .selectFrom('organisation_members')
    .select(['organisation_id', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member || member.role !== 'admin') return null;
  const others = await db
    .selectFrom('organisation_members')
    .select('role')
    .where('organisation_id', '=', member.organisation_id)
    .where('user_id', '!=', userId)
    .execute();
  return others.length > 0 && !others.some((m) => m.role === 'admin') ? LAST_ADMIN_REFUSAL : null;
}

/**
 * The organisation-buying part of erasing an account, in its transaction, before the orders are
 * anonymised. Invoices stay with their orders (accounting records, docs/decisions/0032), and so
 * do approvals, with the ids only. Goes: the membership (the organisation stays; a last admin
 * with colleagues is refused first), invitations to the address, and the comments the person
 * wrote as an approver. Their unpaid orders are cancelled and any still waiting for approval
 * withdrawn, as a new checkout does: no one could pay for or receive them any more.
 */
export async function eraseOrganisationBuying(trx: Db, user: { id: string; email: string }) {
  const refusal = await erasureRefusal(trx, user.id);
  if (refusal) throw new ErasureRefused(refusal);
  await cancelAbandonedOrders(trx, user.id);
  await trx
    .updateTable('order_approvals')
    .set({ comment: null, updated_at: Date.now() })
    .where('decided_by', '=', user.id)
    .where('comment', 'is not', null)
    .execute();
  await trx
    .deleteFrom('organisation_invitations')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', user.email.toLowerCase()))
    .execute();
  await trx.deleteFrom('organisation_members').where('user_id', '=', user.id).execute();
}
