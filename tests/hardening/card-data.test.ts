import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlitePathFromUrl } from '../../server/db/database';
import { signedInClient } from '../support/accounts';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient, type TestResponse } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { logSink } from '../support/log-sink';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A } from './support';
import { addToCart } from '../support/cart';

const CVV = '0482';
const ALL_CARDS = Object.values(CARDS);
/** The CVV as a value of its own (not a part of a timestamp, a UUID or an amount). */
const CVV_PATTERN = new RegExp(`(?<![\\w.-])${CVV}(?![\\w.-])`);

function findSecrets(text: string): string[] {
  const found: string[] = ALL_CARDS.filter((card) => text.includes(card));
  if (CVV_PATTERN.test(text)) found.push(`cvv ${CVV}`);
  return found;
}

/**
 * After checkouts with every test card (approved, declined, insufficient funds), as a guest
 * and signed in, no card number or CVV is in the database, the logs, a response or a mail.
 */
describe.each(testEngines)('card data at rest and in transit on %s', (engine) => {
  let t: TestServer;
  const logs: string[] = [];
  const responses: TestResponse[] = [];
  beforeAll(async () => {
    const sink = logSink(logs);
    t = await startTestServer(
      engine,
      { REQUIRE_EMAIL_VERIFICATION: 'false' },
      { logger: pino({ level: 'trace' }, sink) },
    );

    const { client } = await signedInClient(t.url);
    const guest = createClient(t.url);
    for (const card of ALL_CARDS) {
      for (const shopper of [client, guest]) {
        if (shopper === client) await addToCart(client, PRODUCT_A.id, 1);
        const items = shopper === guest ? [{ productId: PRODUCT_A.id, quantity: 1 }] : [];
        const started = await startCheckout(shopper, { items });
        responses.push(started);
        const body = { ...cardPayment(card, 'card-test@example.com'), cardCode: CVV };
        const key = `press-${responses.length}-${Date.now()}`;
        responses.push(await pay(shopper, started.session.orderId, body, key));
        // A retry of the same press, and a look at the order afterwards.
        responses.push(await pay(shopper, started.session.orderId, body, key));
        responses.push(await shopper.get(started.session.url));
        if (shopper === client)
          responses.push(await client.get(`/account/orders/${started.session.reference}`));
      }
    }
    responses.push(await client.get('/account'));
    // Order mails are sent without waiting: give them a moment to arrive.
    await t.smtp.waitFor((m) => m.to.includes('card-test@example.com'), 5_000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => t.close());

  it('charged the approved cards and refused the others', async () => {
    const paid = await t.server.services.database.db
      .selectFrom('orders')
      .select(['card_last4'])
      .where('status', '=', 'paid')
      .execute();
    // Two approved test cards, each used by a signed-in shopper and a guest.
    expect(paid.map((o) => o.card_last4).sort()).toEqual(['1111', '1111', '4242', '4242']);
  });

  it('keeps them out of every response, log line and mail', async () => {
    for (const response of responses) expect(findSecrets(response.text)).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(findSecrets(logs.join('\n'))).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.length).toBeGreaterThan(0);
    for (const mail of t.smtp.messages) expect(findSecrets(mail.raw)).toEqual([]);
  });

  it('keeps them out of every row of every table', async () => {
    const db = t.server.services.database.db;
    const tables =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            db,
          );
    expect(tables.rows.length).toBeGreaterThan(5);
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      expect(findSecrets(JSON.stringify(rows.rows)), name).toEqual([]);
    }
  });

  it.skipIf(engine !== 'sqlite')(
    'keeps card numbers out of the raw database, WAL and shared-memory files',
    () => {
      const file = sqlitePathFromUrl(t.db.url);
      const parts = [file, `${file}-wal`, `${file}-shm`].filter(existsSync);
      expect(parts).toContain(`${file}-wal`);
      for (const part of parts) {
        const bytes = readFileSync(part).toString('latin1');
        // A 3-4 digit CVV occurs by chance in binary pages; the rows above are checked for it.
        expect(
          ALL_CARDS.filter((card) => bytes.includes(card)),
          part,
        ).toEqual([]);
        const utf16 = readFileSync(part).toString('utf16le');
        expect(
          ALL_CARDS.filter((card) => utf16.includes(card)),
          part,
        ).toEqual([]);
      }
    },
  );
});
