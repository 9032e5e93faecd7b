import { openDatabase } from '../../server/db/database';
import { cardPayment, TEST_ADDRESS } from '../../tests/support/checkout';
import { plainParcels as plain } from './shopper-orders';
import { nextAddress } from './shoppers';
import type { HttpRequest } from './wrk';

function productAt(n: number): string {
  const product = plain[n % plain.length];
  if (!product) throw new Error('the seed catalogue has no plain parcel in stock');
  return product.id;
}

/**
 * Guest orders waiting to be paid, for the bench's "pay" scenario: each payment pays a different
 * order, as shoppers do, so the orders are made first (guest checkout sessions of one or two
 * lines, over HTTP like a browser's) and handed out by the second of load they are for.
 */
export class PayPool {
  readonly #ids: string[] = [];
  #next = 0;
  constructor(
    private readonly url: string,
    private readonly origin: string,
  ) {}

  /** Enough stock that the pool's orders never run a product out. */
  static async stockUp(databaseUrl: string): Promise<void> {
    const database = openDatabase(databaseUrl, { poolSize: 1 });
    try {
      await database.db.updateTable('inventory').set({ on_hand: 10_000_000 }).execute();
    } finally {
      await database.close();
    }
  }

  /** Makes `count` unpaid guest orders, 16 at a time. */
  async fill(count: number): Promise<void> {
    let made = 0;
    const worker = async () => {
      while (made < count) {
        const n = made++;
        const productIds = n % 2 ? [productAt(n), productAt(n + 3)] : [productAt(n)];
        const items = productIds.map((productId) => ({ productId, quantity: 1 }));
        const response = await fetch(`${this.url}/api/checkout`, {
          method: 'POST',
          headers: {
            origin: this.origin,
            'content-type': 'application/json',
            'x-forwarded-for': nextAddress(),
          },
          body: JSON.stringify({ paymentMethod: 'card', items, address: TEST_ADDRESS }),
        });
        const body = (await response.json()) as { orderId?: string };
        if (response.status !== 201 || !body.orderId) {
          throw new Error(
            `guest checkout for the pay pool failed: ${response.status} ${JSON.stringify(body)}`,
          );
        }
        this.#ids.push(body.orderId);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  get left(): number {
    return this.#ids.length - this.#next;
  }

  /** One connection's payments: `count` orders no other request pays. */
  take(count: number): HttpRequest[] {
    const ids = this.#ids.slice(this.#next, this.#next + count);
    this.#next += ids.length;
    return ids.map((id) => ({
      method: 'POST',
      path: `/api/checkout/${id}/pay`,
      headers: {
        origin: this.origin,
        'content-type': 'application/json',
        // An address per payment: the per-address payment limit is not what is measured.
        'x-forwarded-for': nextAddress(),
      },
      body: JSON.stringify(cardPayment()),
    }));
  }
}
