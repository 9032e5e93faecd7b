import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type {
  CaptureRequest,
  CaptureResult,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
} from './gateway';
import { createTestVault } from './test-gateway-vault';

/**
 * The test gateway (PAYMENT_PROVIDER=test): no money moves. Its cards are listed in
 * docs/decisions/0008-checkout-and-payments.md and the README; any other card number is declined,
 * so a real card typed into a test store is never mistaken for a successful payment.
 */
const APPROVED_CARDS = new Set(['4242424242424242', '4111111111111111']);
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Insufficient funds.',
};

/**
 * The processor's own check, as a real one makes it on its side: a card is good through the
 * last day of its expiry month (UTC). Checkout refuses an expired card before it gets here
 * (app/features/checkout); the gateway does not rely on that, nor import it.
 */
function hasExpired(month: string, year: string, now = new Date()): boolean {
  const lastMonth = (2000 + Number(year)) * 12 + Number(month);
  return lastMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** With the store's database, it also saves cards (its ledger lives there: test-gateway-vault.ts). */
export function createTestGateway(db?: Kysely<DatabaseSchema>): PaymentGateway {
  return {
    ...(db ? { vault: createTestVault(db, hasExpired) } : {}),
    name: 'test',
    mock: true,
    configured: true,
    charge(request: ChargeRequest): Promise<ChargeResult> {
      const source = request.source;
      // An authorisation's id says so: only those can be captured.
      const prefix = request.authorizeOnly ? 'test_auth_' : 'test_';
      const approved: ChargeResult = { status: 'approved', transactionId: `${prefix}${randomUUID()}` };
      if (source.method === 'bank_transfer') return Promise.resolve(approved);
      const { number, expiryMonth, expiryYear } = source.card;
      if (hasExpired(expiryMonth, expiryYear)) {
        return Promise.resolve({ status: 'declined', message: 'Your card has expired.' });
      }
      if (APPROVED_CARDS.has(number)) return Promise.resolve(approved);
      return Promise.resolve({ status: 'declined', message: DECLINES[number] ?? 'Your card was declined.' });
    },
    capture: (request) => Promise.resolve(testCapture(request)),
    refund: (request) => Promise.resolve(testRefund(request)),
  };
}

/** The test processor keeps no state: it captures any of its authorisations, whole. */
function testCapture(request: CaptureRequest): CaptureResult {
  if (!request.transactionId.startsWith('test_auth_')) {
    return { status: 'declined', message: 'The test gateway did not authorise this payment.' };
  }
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    return { status: 'declined', message: 'The amount to capture must be more than nothing.' };
  }
  return { status: 'captured', transactionId: request.transactionId };
}

/**
 * The test processor never settles: giving back the whole charge voids it, a part is a refund.
 * It refunds only its own charges (test_...), and never more than was charged.
 */
function testRefund(request: RefundRequest): RefundResult {
  if (!request.transactionId.startsWith('test_')) {
    return {
      status: 'declined',
      message: 'The test gateway did not make this charge, so it cannot refund it.',
    };
  }
  const { amountCents, chargedCents } = request;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > chargedCents) {
    return {
      status: 'declined',
      message: 'The refund must be more than nothing and no more than was charged.',
    };
  }
  const transactionId = `test_${randomUUID()}`;
  return amountCents === chargedCents
    ? { status: 'voided', transactionId }
    : { status: 'refunded', transactionId };
}

/** PAYMENT_PROVIDER=none: the store runs, and checkout says payments are not configured. */
export function createUnconfiguredGateway(): PaymentGateway {
  return {
    name: 'none',
    mock: false,
    configured: false,
    charge: () =>
      Promise.resolve({ status: 'error', message: 'Payments are not configured on this store yet.' }),
    capture: () =>
      Promise.resolve({ status: 'error', message: 'Payments are not configured on this store yet.' }),
    refund: () =>
      Promise.resolve({ status: 'error', message: 'Payments are not configured on this store yet.' }),
  };
}
