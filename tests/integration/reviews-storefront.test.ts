import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { catalogueOf, catalogueStore } from '../../app/commerce/catalogue/catalogue-store.server';
import { recountProductReviews } from '../../app/features/reviews/reviews.server';
import type { TestClient } from '../support/http-client';
import { deliveredBuyer, moderate, writeReview } from '../support/reviews';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const sold = SEED_PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 20 && !p.freightOnly);
const inSubcategory = (subcategory: string) => SEED_PRODUCTS.filter((p) => p.subcategory === subcategory);
// Rated from a subcategory that fits on one listing page, whose order by rating is checked.
const rated = sold.find((p) => inSubcategory(p.subcategory).length <= 12)!;
const [attacked, erased, popular] = sold.filter((p) => p.subcategory !== rated.subcategory);

/** Page text without the comments React puts between adjacent text parts. */
const plain = (html: string) => html.replaceAll('<!-- -->', '');

/** An anonymous visit: the page cache may answer it. */
async function visit(url: string) {
  const response = await fetch(url);
  const html = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), html, text: plain(html) };
}

/** The subcategory's products on its listing sorted by rating, in the order shown. */
async function sortedByRating(listing: string): Promise<string[]> {
  const html = (await visit(`${listing}?sort=rating`)).html;
  const ours = new Set(inSubcategory(rated.subcategory).map((p) => p.id));
  return [...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!).filter((id) => ours.has(id));
}

function jsonLd(html: string): { aggregateRating?: unknown; review?: Record<string, unknown>[] } {
  const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as Record<string, unknown>[])[0]!;
}

/** What the storefront shows of published reviews: figures, pages, the cache, search engines. */
describe.each(testEngines)('published reviews on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  /** A buyer's review of a product, as the console's list gives it to staff (id and version). */
  const reviewOf = async (productId: string, buyer: { client: TestClient }) => {
    const session = (await buyer.client.get('/api/auth/get-session')).body as { user: { id: string } };
    return db()
      .selectFrom('reviews')
      .select(['id', 'updated_at'])
      .where('product_id', '=', productId)
      .where('user_id', '=', session.user.id)
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  it('shows the seed’s figures until the first publication, then only published reviews’, and refreshes cached pages', async () => {
    const product = `${t.url}/product/${rated.id}`;
    const listing = `${t.url}/category/${rated.category}/${rated.subcategory}`;
    const seedLabel = `Rated ${rated.rating} out of 5 (${rated.reviewCount} reviews)`;
    const before = await visit(product);
    expect((await visit(product)).etag).toBe(before.etag);
    expect(before.text).toContain(seedLabel);
    expect(before.text).toContain('No written reviews yet');
    expect(jsonLd(before.html).aggregateRating).toBeUndefined();
    expect((await visit(listing)).text).toContain(seedLabel);
    expect((await sortedByRating(listing)).at(-1)).not.toBe(rated.id);

    const rosa = await deliveredBuyer(t, staff, 'Rosa', [rated.id]);
    await writeReview(t, rosa.client, rosa.reference, rated.id, {
      rating: '2',
      title: 'Wobbly',
      body: 'The legs wobble.\nFine otherwise.',
    });
    // Waiting for staff: nothing changes on the storefront.
    expect((await visit(product)).etag).toBe(before.etag);
    expect(await moderate(t, staff, await reviewOf(rated.id, rosa), { intent: 'publish' })).toMatchObject({
      status: 200,
    });

    const published = await visit(product);
    expect(published.etag).not.toBe(before.etag);
    for (const text of [
      'Rated 2 out of 5 (1 review)',
      'Wobbly',
      'Rosa T.',
      'Verified purchase',
      'The legs wobble.',
    ]) {
      expect(published.text).toContain(text);
    }
    expect(published.text).not.toContain(seedLabel);
    expect((await visit(listing)).text).toContain('Rated 2 out of 5 (1 review)');
    // Sorted by rating, its 2 stars now put it last (the seed's 4.7 put it first).
    expect((await sortedByRating(listing)).at(-1)).toBe(rated.id);
    expect(catalogueOf(t.server.services).getProduct(rated.id)).toMatchObject({
      rating: 2,
      reviewCount: 1,
      verifiedReviewCount: 1,
    });

    // A second review: the average of the two.
    const olga = await deliveredBuyer(t, staff, 'Olga', [rated.id]);
    await writeReview(t, olga.client, olga.reference, rated.id, { rating: '5', body: 'Sturdy.' });
    await moderate(t, staff, await reviewOf(rated.id, olga), { intent: 'publish' });
    expect((await visit(product)).text).toContain('Rated 3.5 out of 5 (2 reviews)');
    expect((await visit(`${product}/reviews`)).text).toContain('Average 3.5 out of 5 from 2 reviews');

    // Rosa changes hers: it leaves the page until it is checked again.
    await writeReview(t, rosa.client, rosa.reference, rated.id, {
      rating: '4',
      body: 'Tightened: good now.',
    });
    const edited = await visit(product);
    expect(edited.text).toContain('Rated 5 out of 5 (1 review)');
    expect(edited.text).not.toContain('The legs wobble.');
    expect(edited.text).not.toContain('Tightened: good now.');

    // The last published one unpublished: the seed's figures again.
    await moderate(t, staff, await reviewOf(rated.id, olga), { intent: 'reject', reason: 'Test.' });
    const none = await visit(product);
    expect(none.text).toContain(seedLabel);
    expect(none.text).toContain('No written reviews yet');
    expect((await visit(listing)).text).toContain(seedLabel);
  });

  it('tells search engines of published reviews only, and no review text escapes its element', async () => {
    const hostile = {
      title: '<img src=x onerror=alert(1)>',
      body: 'Nice. </script><script>alert("pwned")</script><!-- & \u2028 "quoted" \'single\'',
    };
    const mallory = await deliveredBuyer(t, staff, 'Mallory', [attacked!.id]);
    await writeReview(t, mallory.client, mallory.reference, attacked!.id, { rating: '1', ...hostile });
    await moderate(t, staff, await reviewOf(attacked!.id, mallory), { intent: 'publish' });

    for (const path of [`/product/${attacked!.id}`, `/product/${attacked!.id}/reviews`]) {
      const page = await visit(`${t.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.html, path).not.toContain('<script>alert(');
      expect(page.html, path).not.toContain('<img src=x');
      expect(page.text, path).toContain('Nice. &lt;/script&gt;&lt;script&gt;alert(');
    }
    const product = jsonLd((await visit(`${t.url}/product/${attacked!.id}`)).html);
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 1,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Mallory T.' },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        name: hostile.title,
        reviewBody: hostile.body,
        reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it('lists an account’s reviews in its data, and deleting the account takes them off the storefront', async () => {
    const buyer = await deliveredBuyer(t, staff, 'Ines', [erased!.id]);
    await writeReview(t, buyer.client, buyer.reference, erased!.id, { rating: '3', body: 'Average.' });
    await moderate(t, staff, await reviewOf(erased!.id, buyer), { intent: 'publish' });
    const product = `${t.url}/product/${erased!.id}`;
    expect((await visit(product)).text).toContain('Rated 3 out of 5 (1 review)');

    const data = (await buyer.client.get('/account/data')).body as { reviews: Record<string, unknown>[] };
    expect(data.reviews).toEqual([
      expect.objectContaining({ productId: erased!.id, rating: 3, text: 'Average.', status: 'published' }),
    ]);

    // Deleted through the /account page's form, as a browser without scripts posts it.
    const deleted = await postForm(t, buyer.client, '/account', { intent: 'delete-account', confirm: 'yes' });
    expect(deleted.status).toBe(302);
    expect(
      await db().selectFrom('reviews').select('id').where('product_id', '=', erased!.id).execute(),
    ).toEqual([]);
    const after = await visit(product);
    expect(after.text).toContain(`Rated ${erased!.rating} out of 5 (${erased!.reviewCount} reviews)`);
    expect(after.text).not.toContain('Average.');
  });
  it('pages every published review at /product/:id/reviews, ten a page, the product page showing the newest ten', async () => {
    // Twelve published reviews of one product by twelve accounts, written straight into the
    // tables (the way there is tested above), then counted as a decision counts them.
    const now = Date.now();
    const postgres = engine === 'postgres';
    const orderId = randomUUID();
    for (let i = 1; i <= 12; i++) {
      const at = postgres ? new Date() : new Date().toISOString();
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", "firstName", "lastName")
        values (${`reader-${i}`}, 'Reader', ${`reader-${i}-${engine}@example.com`}, ${postgres ? sql`true` : sql`1`}, ${at}, ${at}, ${`Reader${i}`}, 'Quinn')`.execute(
        db(),
      );
    }
    await sql`insert into orders (id, reference, user_id, status, payment_method, subtotal, shipping, discount, total, created_at, updated_at)
      values (${orderId}, 'MS-PAGEPAGE', 'reader-1', 'paid', 'card', 100, 0, 0, 100, ${now}, ${now})`.execute(
      db(),
    );
    await db()
      .insertInto('reviews')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: randomUUID(),
          product_id: popular!.id,
          user_id: `reader-${i + 1}`,
          order_id: orderId,
          rating: 5,
          title: null,
          body: `Review number ${i + 1}.`,
          status: 'published' as const,
          moderation_reason: null,
          moderated_by: null,
          moderated_at: now,
          // Review 12 is the newest.
          published_at: now + i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db()
      .transaction()
      .execute((trx) => recountProductReviews(trx, popular!.id));
    await catalogueStore(t.server.services).changed([popular!.id]);

    const product = (await visit(`${t.url}/product/${popular!.id}`)).text;
    expect(product).toContain('Review number 12.');
    expect(product).toContain('Review number 3.');
    expect(product).not.toContain('Review number 2.');
    expect(product).toContain(`href="/product/${popular!.id}/reviews"`);
    expect(product).toContain('Read all 12 reviews');
    expect(jsonLd((await visit(`${t.url}/product/${popular!.id}`)).html).review).toHaveLength(10);

    const first = (await visit(`${t.url}/product/${popular!.id}/reviews`)).text;
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('Review number 3.');
    expect(first).not.toContain('Review number 2.');
    expect(first).toContain(`href="/product/${popular!.id}/reviews?page=2"`);
    const second = (await visit(`${t.url}/product/${popular!.id}/reviews?page=2`)).text;
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain('Review number 2.');
    expect(second).toContain('Review number 1.');
    expect(second).not.toContain('Review number 3.');
    // A page past the last shows the last; nonsense shows the first.
    expect((await visit(`${t.url}/product/${popular!.id}/reviews?page=9`)).text).toContain('Page 2 of 2');
    expect((await visit(`${t.url}/product/${popular!.id}/reviews?page=x`)).text).toContain('Page 1 of 2');
    expect((await visit(`${t.url}/product/no-such-product/reviews`)).status).toBe(404);
  });
});
