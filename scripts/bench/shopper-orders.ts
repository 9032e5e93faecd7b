import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { addToCart } from '../../tests/support/cart';
import { nextAddress, type Shopper } from './shoppers';

// Plain parcels: no prescription to add, no freight, and plenty on hand for thirty orders.
export const plainParcels = PRODUCTS.filter(
  (p) => p.stock === 'In Stock' && !p.prescriptionRequired && !p.freightOnly,
);

/** Where the benchmark shoppers' own orders go (Oregon: no sales tax, nothing to look up). */
const ADDRESS = {
  recipientName: 'Pat Bench',
  line1: '500 Pine Street',
  city: 'Portland',
  state: 'OR',
  zip: '97204',
  phone: '(503) 555-0142',
};

function card(email: string) {
  return {
    paymentMethod: 'card',
    cardNumber: '4242424242424242',
    cardExpiryMonth: '12',
    cardExpiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
    cardCode: '123',
    cardholderName: 'Pat Bench',
    email,
  };
}

/**
 * Gives each shopper `count` paid orders of two or three lines, bought the way a browser buys
 * (cart, checkout session, test gateway), so the account page shows an order history and each
 * shopper has an order page of their own. Returns every shopper's order references, newest last.
 */
export async function placeShopperOrders(shoppers: Shopper[], count: number): Promise<string[][]> {
  const references: string[][] = [];
  for (const [s, shopper] of shoppers.entries()) {
    const own: string[] = [];
    for (let n = 0; n < count; n++) {
      const lines = 2 + ((s + n) % 2);
      for (let l = 0; l < lines; l++) {
        const product = plainParcels[(s * 7 + n * 3 + l) % plainParcels.length];
        const added = await addToCart(shopper.client, product?.id ?? '', 1);
        if (added.status !== 200) throw new Error(`add to cart failed: ${added.status} ${added.text}`);
      }
      const session = await shopper.client.post('/api/checkout', { paymentMethod: 'card', address: ADDRESS });
      const { orderId, reference } = session.body as { orderId?: string; reference?: string };
      if (session.status !== 201 || !orderId || !reference) {
        throw new Error(`checkout failed: ${session.status} ${session.text}`);
      }
      const paid = await shopper.client.request(`/api/checkout/${orderId}/pay`, {
        method: 'POST',
        body: card(shopper.email),
        // Each payment from an address of its own: the per-address payment limit is not the bench's.
        headers: { 'idempotency-key': `bench-${s}-${n}`, 'x-forwarded-for': nextAddress() },
      });
      if (paid.status !== 200) throw new Error(`payment failed: ${paid.status} ${paid.text}`);
      own.push(reference);
    }
    references.push(own);
  }
  return references;
}
