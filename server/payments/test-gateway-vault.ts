import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { type CardVault, type ChargeResult, cardBrandOf, type SaveCardResult } from './gateway';

/**
 * The test gateway's saved cards (docs/decisions/0064). As a processor does, it keeps what it
 * needs on its side and hands out a token: here the token carries only how the card behaves
 * (never its number), and the ledger of charges by idempotency key stands for the processor's
 * records, in the store's database so every instance sees the same one. A repeated key gets the
 * first charge's answer and moves no money; tests count charges in that ledger.
 *
 * Cards: 4242 4242 4242 4242 and 4111 1111 1111 1111 save and charge; 4000 0000 0000 0341
 * saves but every later charge is declined; the other test cards are declined when saved.
 */
const CHARGES_DECLINE = '4000000000000341';
const SAVES = new Set(['4242424242424242', '4111111111111111', CHARGES_DECLINE]);
const DECLINED = 'Your card was declined.';

export function createTestVault(
  db: Kysely<DatabaseSchema>,
  expired: (month: string, year: string) => boolean,
): CardVault {
  return {
    saveCard({ card }): Promise<SaveCardResult> {
      if (expired(card.expiryMonth, card.expiryYear)) {
        return Promise.resolve({ status: 'declined', message: 'Your card has expired.' });
      }
      if (!SAVES.has(card.number)) return Promise.resolve({ status: 'declined', message: DECLINED });
      const behaviour = card.number === CHARGES_DECLINE ? 'decline' : 'ok';
      return Promise.resolve({
        status: 'saved',
        token: `test_tok_${behaviour}_${randomUUID()}`,
        brand: cardBrandOf(card.number),
        last4: card.number.slice(-4),
        expiry: `${card.expiryMonth.padStart(2, '0')}/${card.expiryYear.padStart(2, '0')}`,
      });
    },
    async chargeSavedCard(request): Promise<ChargeResult> {
      if (!request.token.startsWith('test_tok_')) {
        return { status: 'declined', message: 'The test gateway did not save this card.' };
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        return { status: 'declined', message: 'The amount to charge must be more than nothing.' };
      }
      const approved = request.token.startsWith('test_tok_ok_');
      await db
        .insertInto('test_gateway_charges')
        .values({
          idempotency_key: request.idempotencyKey,
          transaction_id: approved ? `test_${randomUUID()}` : null,
          token: request.token,
          amount: request.amountCents,
          outcome: approved ? 'approved' : DECLINED,
          created_at: Date.now(),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      // The first answer under this key, whoever wrote it: a repeat moves no money.
      const first = await db
        .selectFrom('test_gateway_charges')
        .select(['transaction_id', 'outcome', 'amount'])
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (first.amount !== request.amountCents) {
        return { status: 'error', message: 'This charge was already made for a different amount.' };
      }
      return first.transaction_id
        ? { status: 'approved', transactionId: first.transaction_id }
        : { status: 'declined', message: first.outcome };
    },
    forgetCard: () => Promise.resolve(),
  };
}
