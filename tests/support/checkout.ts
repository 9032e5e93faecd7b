import { randomUUID } from 'node:crypto';
import type { CheckoutSession } from '../../app/commerce/checkout/checkout';
import type { TestClient, TestResponse } from './http-client';

/** Test-gateway cards (README, "Paying in the test store"). */
export const CARDS = {
  visa: '4242424242424242',
  visa2: '4111111111111111',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
} as const;

export function cardPayment(cardNumber: string = CARDS.visa, email = 'shopper@example.com') {
  return {
    paymentMethod: 'card',
    cardNumber,
    cardExpiryMonth: '12',
    cardExpiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
    cardCode: '123',
    cardholderName: 'Pat Shopper',
    email,
  };
}

export function bankPayment(email = 'shopper@example.com') {
  return {
    paymentMethod: 'bank_transfer',
    accountHolderName: 'Pat Shopper',
    routingNumber: '011000015',
    accountNumber: '000123456789',
    accountType: 'checking',
    email,
  };
}

/**
 * A valid US shipping address in Oregon, which has no sales tax: amounts are subtotal, shipping
 * and discount alone unless a test sends an address of its own (tests of tax do).
 */
export const TEST_ADDRESS = {
  recipientName: 'Pat Shopper',
  line1: '500 Pine Street',
  line2: 'Suite 210',
  city: 'Portland',
  state: 'OR',
  zip: '97204',
  phone: '(503) 555-0142',
} as const;

/** A checkout body sent to TEST_ADDRESS unless it names an address of its own. */
export function withAddress(body: Record<string, unknown>): Record<string, unknown> {
  return 'address' in body || 'addressId' in body ? body : { ...body, address: TEST_ADDRESS };
}

export async function startCheckout(
  client: TestClient,
  body: Record<string, unknown>,
): Promise<TestResponse & { session: CheckoutSession }> {
  const response = await client.post('/api/checkout', withAddress(body));
  return { ...response, session: response.body as CheckoutSession };
}

export function pay(client: TestClient, orderId: string, body: unknown, key: string = randomUUID()) {
  return client.request(`/api/checkout/${orderId}/pay`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
  });
}
