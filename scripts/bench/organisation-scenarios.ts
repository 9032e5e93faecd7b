import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { addToCart } from '../../tests/support/cart';
import { makeOrganisationBuyers } from './organisation-buyers';
import type { Scenario } from './scenarios';
import { placeShopperOrders } from './shopper-orders';
import { createShoppers, type Shopper } from './shoppers';

// The same two plain parcels in every cart of both groups: the checkouts differ only by who buys.
const CART = PRODUCTS.filter(
  (p) => p.stock === 'In Stock' && !p.prescriptionRequired && !p.freightOnly,
).slice(0, 2);
const ADDRESS = {
  recipientName: 'Pat Bench',
  line1: '1200 Elm Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  phone: '(217) 555-0142',
};

async function fillCarts(shoppers: readonly Shopper[]) {
  for (const shopper of shoppers) for (const product of CART) await addToCart(shopper.client, product.id, 1);
}

/**
 * Issue 34's figure: a checkout of an organisation's buyer (membership, limits and the month's
 * spend, the purchase order) beside a consumer's with the same cart and the same history (three
 * paid orders each), so the server time per request of the two can be set side by side.
 */
export async function organisationCheckoutScenarios(
  baseUrl: string,
  databaseUrl: string,
  origin: string,
): Promise<Scenario[]> {
  const consumers = await createShoppers(baseUrl, 10, 'consumer-pair');
  const buyers = await createShoppers(baseUrl, 10, 'organisation-buyer');
  await makeOrganisationBuyers(
    databaseUrl,
    buyers.map((b) => b.email),
  );
  await placeShopperOrders([...consumers, ...buyers], 3);
  await fillCarts([...consumers, ...buyers]);
  const headers = (group: readonly Shopper[]) => (i: number) => ({
    cookie: group[i % group.length]?.cookie ?? '',
    origin,
    'content-type': 'application/json',
  });
  return [
    {
      name: 'checkout session creation, consumer (paired)',
      method: 'POST',
      path: '/api/checkout',
      headersFor: headers(consumers),
      body: () => JSON.stringify({ paymentMethod: 'card', address: ADDRESS }),
    },
    {
      name: 'checkout session creation, organisation buyer',
      method: 'POST',
      path: '/api/checkout',
      headersFor: headers(buyers),
      body: () => JSON.stringify({ paymentMethod: 'card', address: ADDRESS, poNumber: 'PO-BENCH-1' }),
    },
  ];
}
