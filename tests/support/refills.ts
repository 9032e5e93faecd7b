import { addDays } from '../../app/commerce/refills/refill-dates';
import { storeDate } from '../../app/lib/store-time';
import type { TestClient } from './http-client';
import { CARDS, TEST_ADDRESS } from './checkout';
import { postForm } from './staff';
import type { TestServer } from './test-server';

/** The seed's refillable CPAP cushion (every 4, 8 or 12 weeks). */
export const CUSHION = 'fisher-paykel-evora-full-face-mask-cushion';

/** The test gateway's card that saves but declines every charge (README, test cards). */
export const CHARGE_DECLINING_CARD = '4000000000000341';

export const cardFields = (cardNumber: string = CARDS.visa) => ({
  cardNumber,
  cardExpiryMonth: '12',
  cardExpiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
  cardCode: '123',
  cardholderName: 'Pat Shopper',
});

/** The subscribe form as a browser posts it: the cushion every 4 weeks to a new address, card 4242. */
export function subscribeFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: 'subscribe',
    productId: CUSHION,
    quantity: '2',
    weeks: '4',
    firstDate: addDays(storeDate(Date.now()), 28),
    shipping: 'standard',
    addressId: '',
    ...TEST_ADDRESS,
    ...cardFields(),
    ...overrides,
  };
}

/** Posts the subscribe form; the new plan's id when it was created. */
export async function subscribe(t: TestServer, client: TestClient, overrides: Record<string, string> = {}) {
  const answer = await postForm(t, client, '/account/refills/new', subscribeFields(overrides));
  const planId = /created=([0-9a-f-]{36})/.exec(answer.location ?? '')?.[1];
  return { ...answer, planId };
}

export const userIdOf = async (client: TestClient) =>
  ((await client.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
