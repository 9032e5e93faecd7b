import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { AppServices } from '#server/types';
import { type Actor, recordAudit } from '~/console/audit.server';
import type { Address } from '~/commerce/delivery/address.schema';
import {
  quoteAnsweredMail,
  quoteMessageToShopperMail,
  quoteMessageToStoreMail,
  quoteRequestedMail,
} from './quote-mail.server';
import { accountEmail, newQuoteReference, QuoteError, type QuoteRow, quoteView } from './quotes.server';

/**
 * Asking, writing, answering and declining (docs/decisions/0059). Each is one transaction with
 * its mail queued on the outbox inside it (and staff's with its audit row): kept or dropped together.
 */
type Db = Kysely<DatabaseSchema>;

export interface QuoteWriteDeps {
  db: Db;
  mail: AppServices['mail'];
  appUrl: string;
  storeEmail: string;
}

const consoleUrl = (deps: QuoteWriteDeps, reference: string) => `${deps.appUrl}/admin/quotes/${reference}`;
const shopperUrl = (deps: QuoteWriteDeps, reference: string) => `${deps.appUrl}/account/quotes/${reference}`;

export interface NewQuoteLine {
  productId: string;
  name: string;
  quantity: number;
  listPrice: number;
}

/** A shopper's request: its lines, the address it is priced for, and the first message. */
export async function createQuote(
  deps: QuoteWriteDeps,
  shopper: { id: string; email: string },
  request: { organisationId: string | null; lines: NewQuoteLine[]; address: Address; message: string },
): Promise<QuoteRow> {
  return deps.db.transaction().execute(async (trx) => {
    const now = Date.now();
    for (let attempt = 0; ; attempt++) {
      const row: QuoteRow = {
        id: randomUUID(),
        reference: newQuoteReference(),
        user_id: shopper.id,
        organisation_id: request.organisationId,
        status: 'requested',
        ship_name: request.address.recipientName,
        ship_line1: request.address.line1,
        ship_line2: request.address.line2,
        ship_city: request.address.city,
        ship_state: request.address.state,
        ship_zip: request.address.zip,
        ship_phone: request.address.phone,
        expires_at: null,
        order_id: null,
        created_at: now,
        updated_at: now,
      };
      const inserted = await trx
        .insertInto('quotes')
        .values(row)
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        if (attempt < 5) continue;
        throw new Error('no free quote reference after 6 draws');
      }
      await trx
        .insertInto('quote_lines')
        .values(
          request.lines.map((line, position) => ({
            id: randomUUID(),
            quote_id: row.id,
            position,
            product_id: line.productId,
            name: line.name,
            quantity: line.quantity,
            list_price: line.listPrice,
            quoted_price: null,
          })),
        )
        .execute();
      await insertMessage(trx, row.id, 'shopper', shopper.id, request.message, now);
      const view = await quoteView(trx, row);
      await deps.mail.send(
        {
          kind: 'quote requested',
          to: deps.storeEmail,
          ...quoteRequestedMail(view, shopper.email, consoleUrl(deps, row.reference)),
        },
        { trx },
      );
      return row;
    }
  });
}

function insertMessage(
  trx: Db,
  quoteId: string,
  author: 'shopper' | 'staff',
  authorId: string,
  body: string,
  at: number,
) {
  return trx
    .insertInto('quote_messages')
    .values({ id: randomUUID(), quote_id: quoteId, author, author_id: authorId, body, at })
    .execute();
}

/** A message on the thread: the shopper's mails the store, staff's mails the shopper (and is audited). */
export async function postQuoteMessage(
  deps: QuoteWriteDeps,
  quote: QuoteRow,
  from: { kind: 'shopper'; id: string; email: string } | { kind: 'staff'; actor: Actor },
  body: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const authorId = from.kind === 'shopper' ? from.id : from.actor.id;
    await insertMessage(trx, quote.id, from.kind, authorId, body, now);
    await trx.updateTable('quotes').set({ updated_at: now }).where('id', '=', quote.id).execute();
    const view = await quoteView(trx, quote);
    if (from.kind === 'shopper') {
      const content = quoteMessageToStoreMail(view, from.email, body, consoleUrl(deps, quote.reference));
      await deps.mail.send({ kind: 'quote message', to: deps.storeEmail, ...content }, { trx });
      return;
    }
    await recordAudit(
      trx,
      from.actor,
      { action: 'quote.message', targetType: 'quote', targetId: quote.reference, after: { body } },
      now,
    );
    const to = await accountEmail(trx, quote.user_id);
    if (to) {
      const content = quoteMessageToShopperMail(view, body, shopperUrl(deps, quote.reference));
      await deps.mail.send({ kind: 'quote message', to, ...content }, { trx });
    }
  });
}

/**
 * Staff's prices: a unit price per line, the expiry and a message. A requested quote is answered
 * once; an answered one (not yet accepted) may be priced again, which replaces the prices.
 */
export async function answerQuote(
  deps: QuoteWriteDeps,
  staff: Actor,
  quote: QuoteRow,
  answer: { prices: Record<string, number>; expiresAt: number; message: string },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const updated = await trx
      .updateTable('quotes')
      .set({ status: 'answered', expires_at: answer.expiresAt, updated_at: now })
      .where('id', '=', quote.id)
      .where('status', 'in', ['requested', 'answered'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new QuoteError(
        'conflict',
        `Quote ${quote.reference} can no longer be priced: it was ${quote.status}.`,
      );
    }
    for (const [lineId, price] of Object.entries(answer.prices)) {
      await trx
        .updateTable('quote_lines')
        .set({ quoted_price: price })
        .where('id', '=', lineId)
        .where('quote_id', '=', quote.id)
        .execute();
    }
    await insertMessage(trx, quote.id, 'staff', staff.id, answer.message, now);
    await recordAudit(
      trx,
      staff,
      {
        action: 'quote.answer',
        targetType: 'quote',
        targetId: quote.reference,
        before: { status: quote.status },
        after: { prices: answer.prices, expiresAt: answer.expiresAt },
      },
      now,
    );
    const fresh = await trx
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    const to = await accountEmail(trx, quote.user_id);
    if (to) {
      const content = quoteAnsweredMail(
        await quoteView(trx, fresh),
        answer.message,
        shopperUrl(deps, quote.reference),
      );
      await deps.mail.send({ kind: 'quote answered', to, ...content }, { trx });
    }
  });
}

/** The shopper declines a priced quote, or withdraws one still waiting for prices. */
export async function closeQuote(db: Db, quote: QuoteRow, to: 'declined' | 'withdrawn'): Promise<void> {
  const from = to === 'declined' ? 'answered' : 'requested';
  const result = await db
    .updateTable('quotes')
    .set({ status: to, updated_at: Date.now() })
    .where('id', '=', quote.id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new QuoteError('conflict', `Quote ${quote.reference} cannot be ${to} now.`);
  }
}
