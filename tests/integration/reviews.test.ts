import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { REVIEW_THANKS } from '../../app/features/reviews/reviews';
import {
  type Buyer,
  deliver,
  deliveredBuyer,
  moderate,
  newBuyer,
  paidOrder,
  reviewPath,
  writeReview,
} from '../support/reviews';
import { guest, postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** Page text without the comments React puts between adjacent text parts. */
const plain = (html: string) => html.replaceAll('<!-- -->', '');

const sold = SEED_PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 20 && !p.freightOnly);
const [chair, cane, walker] = sold;

/** Writing a review and moderating it: who may, what is refused, and that nothing else changes. */
describe.each(testEngines)('reviews on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let rosa: Buyer & { reference: string };
  const db = () => t.server.services.database.db;
  const reviews = () => db().selectFrom('reviews').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    rosa = await deliveredBuyer(t, staff, 'Rosa', [chair!.id, cane!.id]);
  });
  afterAll(async () => t.close());

  it('offers a review of each line once the order is delivered, and to nobody else', async () => {
    const page = await rosa.client.get(`/account/orders/${rosa.reference}`);
    expect(page.status).toBe(200);
    const text = plain(page.text);
    expect(text).toContain(`href="${reviewPath(rosa.reference, chair!.id)}"`);
    expect(text).toContain(`href="${reviewPath(rosa.reference, cane!.id)}"`);
    expect(text).toContain(`Write a review<span class="sr-only"> of ${chair!.name}</span>`);

    // Paid, not delivered yet: no link, and the form's page and action are not found.
    const waiting = await paidOrder(rosa, [walker!.id]);
    expect((await rosa.client.get(`/account/orders/${waiting}`)).text).not.toContain('Write a review');
    expect((await rosa.client.get(reviewPath(waiting, walker!.id))).status).toBe(404);
    const early = await writeReview(t, rosa.client, waiting, walker!.id, { rating: '5', body: 'Early.' });
    expect(early.status).toBe(404);

    // Someone else, a product the order does not hold, a made-up reference or product: 404.
    const other = await newBuyer(t, 'Olga');
    expect((await other.client.get(reviewPath(rosa.reference, chair!.id))).status).toBe(404);
    const foreign = await writeReview(t, other.client, rosa.reference, chair!.id, {
      rating: '1',
      body: 'Mine.',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await writeReview(t, rosa.client, rosa.reference, walker!.id, { rating: '5', body: 'x' })).status,
    ).toBe(404);
    expect((await rosa.client.get(reviewPath('MS-ZZZZZZZZ', chair!.id))).status).toBe(404);
    expect((await rosa.client.get(reviewPath(rosa.reference, 'no-such-product'))).status).toBe(404);
    expect((await rosa.client.get(reviewPath(rosa.reference, 'NOT%20AN%20ID'))).status).toBe(404);

    // A guest is asked to sign in, and brought back.
    const anonymous = await guest(t).get(reviewPath(rosa.reference, chair!.id));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent(reviewPath(rosa.reference, chair!.id))}`,
    );
    expect((await writeReview(t, null, rosa.reference, chair!.id, { rating: '5', body: 'x' })).status).toBe(
      302,
    );
    // A post from another site is refused before anything else.
    const forged = await postForm(
      t,
      rosa.client,
      reviewPath(rosa.reference, chair!.id),
      { intent: 'review', rating: '5', body: 'Forged.' },
      'https://evil.example',
    );
    expect(forged.status).toBe(403);
    expect(await reviews()).toEqual([]);
  });

  it('refuses bad input with a message per field, keeps what was typed, and stores nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ body: 'Sturdy.' }, 'Choose a rating from 1 to 5 stars.'],
      [{ rating: '6', body: 'Sturdy.' }, 'Choose a rating from 1 to 5 stars.'],
      [{ rating: '4.5', body: 'Sturdy.' }, 'Choose a rating from 1 to 5 stars.'],
      [{ rating: '4', body: '   ' }, 'Write your review: what you liked, and what you did not.'],
      [{ rating: '4', body: 'x'.repeat(2001) }, 'Keep your review to 2,000 characters or fewer.'],
      [{ rating: '4', title: 't'.repeat(81), body: 'Sturdy.' }, 'Keep the title to 80 characters or fewer.'],
    ];
    for (const [fields, message] of cases) {
      const answer = await writeReview(t, rosa.client, rosa.reference, chair!.id, fields);
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
      expect(answer.text).toContain('Your review was not sent: please correct what is marked.');
    }
    const typed = await writeReview(t, rosa.client, rosa.reference, chair!.id, {
      rating: '9',
      title: 'Kept title',
      body: 'Kept text',
    });
    expect(typed.text).toContain('value="Kept title"');
    expect(typed.text).toContain('Kept text</textarea>');
    const nul = await writeReview(t, rosa.client, rosa.reference, chair!.id, {
      rating: '4',
      body: 'a\u0000b',
    });
    expect(nul.status).toBe(400);
    expect(await reviews()).toEqual([]);
  });

  it('stores a review as waiting, thanks the buyer, and keeps one per product: writing again replaces it', async () => {
    // Line breaks as a textarea posts them (CRLF) count once, as its maxlength counts them.
    const long = `${'a'.repeat(999)}\r\n${'b'.repeat(1000)}`;
    const sent = await writeReview(t, rosa.client, rosa.reference, chair!.id, {
      rating: '4',
      title: '  Light and sturdy  ',
      body: long,
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/account/orders/${rosa.reference}?reviewed=${chair!.id}`);
    const order = plain((await rosa.client.get(sent.location!)).text);
    expect(order).toContain(REVIEW_THANKS);
    expect(order).toContain(`Edit your review<span class="sr-only"> of ${chair!.name}</span>`);
    expect(order).toContain(`Write a review<span class="sr-only"> of ${cane!.name}</span>`);
    let [stored] = await reviews();
    expect(stored).toMatchObject({
      product_id: chair!.id,
      rating: 4,
      title: 'Light and sturdy',
      body: long.replace('\r\n', '\n'),
      status: 'pending',
    });

    // Twice at once, then again from a second delivered order of the same product: one review.
    const second = await paidOrder(rosa, [chair!.id]);
    await deliver(t, staff, second);
    const both = await Promise.all([
      writeReview(t, rosa.client, rosa.reference, cane!.id, { rating: '5', body: 'Good cane.' }),
      writeReview(t, rosa.client, rosa.reference, cane!.id, { rating: '5', body: 'Good cane.' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    const form = await rosa.client.get(reviewPath(second, chair!.id));
    expect(form.text).toContain('Your review will appear once it has been checked.');
    expect(form.text).toContain('Light and sturdy');
    const changed = await writeReview(t, rosa.client, second, chair!.id, {
      rating: '3',
      body: 'Heavier than I hoped.',
    });
    expect(changed.status).toBe(302);
    const all = await reviews();
    expect(all).toHaveLength(2);
    [stored] = all;
    expect(stored).toMatchObject({
      rating: 3,
      title: null,
      body: 'Heavier than I hoped.',
      status: 'pending',
    });
  });

  it('lists waiting reviews for staff, who publish or reject them with a reason, audited', async () => {
    const list = await staff.client.get('/admin/reviews');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const listed = plain(list.text);
    for (const text of [chair!.name, cane!.name, 'Heavier than I hoped.', 'By Rosa', rosa.reference]) {
      expect(listed).toContain(text);
    }
    expect(listed).toContain('2 reviews are waiting');
    // The most recently written first: the chair's review, changed after the cane's was sent.
    expect(listed.indexOf('Heavier than I hoped.')).toBeLessThan(listed.indexOf('Good cane.'));

    const [chairReview, caneReview] = await reviews();
    // Customers and guests: the console does not exist for them, and nothing changes.
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.get('/admin/reviews')).status).toBe(404);
    expect((await moderate(t, customer, chairReview!, { intent: 'publish' })).status).toBe(404);
    expect((await guest(t).get('/admin/reviews')).status).toBe(302);

    // A reason is needed to reject; a decision on a version the buyer has changed since is refused.
    const noReason = await moderate(t, staff, caneReview!, { intent: 'reject', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('Say why, in a few words: the customer reads it.');
    const stale = await moderate(
      t,
      staff,
      { ...chairReview!, updated_at: chairReview!.updated_at - 1 },
      {
        intent: 'publish',
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('The customer changed this review since the page was opened');
    expect((await reviews()).map((r) => r.status)).toEqual(['pending', 'pending']);

    const published = await moderate(t, staff, chairReview!, { intent: 'publish' });
    expect(published.status).toBe(200);
    expect(plain(published.text)).toContain(
      `Published: Rosa’s review of ${chair!.name} is on the product page.`,
    );
    expect((await moderate(t, staff, chairReview!, { intent: 'publish' })).status).toBe(409);
    const rejected = await moderate(t, staff, caneReview!, { intent: 'reject', reason: 'It names a nurse.' });
    expect(rejected.status).toBe(200);
    const [a, b] = await reviews();
    expect(a).toMatchObject({ status: 'published', moderated_by: staff.id, moderation_reason: null });
    expect(b).toMatchObject({
      status: 'rejected',
      moderated_by: staff.id,
      moderation_reason: 'It names a nurse.',
    });

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'actor_email', 'after'])
      .where('target_type', '=', 'review')
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      {
        action: 'review.publish',
        target_id: a!.id,
        actor_email: staff.email,
        after: '{"status":"published"}',
      },
      {
        action: 'review.reject',
        target_id: b!.id,
        actor_email: staff.email,
        after: '{"status":"rejected","reason":"It names a nurse."}',
      },
    ]);
    // The buyer reads what became of each.
    const order = plain((await rosa.client.get(`/account/orders/${rosa.reference}`)).text);
    expect(order).toContain('Your review is published.');
    expect(order).toContain('Your review was not published: It names a nurse.');
    expect((await staff.client.get('/admin/reviews?status=rejected')).text).toContain('It names a nurse.');
  });
});
