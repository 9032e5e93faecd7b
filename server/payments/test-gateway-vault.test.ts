import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../tests/support/test-database';
import type { AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { CardDetails, CardVault } from './gateway';
import { createTestGateway } from './test-gateway';

/**
 * The test gateway's saved cards on each engine: its ledger (test_gateway_charges) is where tests
 * count the money that moved, so one key must be one row however often, and from however many
 * instances at once, it is charged.
 */
const card = (number: string, expiryYear = '39'): CardDetails => ({
  number,
  expiryMonth: '12',
  expiryYear,
  cvv: '123',
  holderName: 'Pat Doe',
});

describe.each(testEngines)('the test gateway vault on %s', (engine) => {
  let testDb: TestDatabase;
  let first: AppDatabase;
  let second: AppDatabase;
  let vault: CardVault;
  let otherInstance: CardVault;

  beforeAll(async () => {
    testDb = createTestDatabase(engine);
    first = testDb.open();
    await migrateToLatest(first);
    // A second connection to the same database: another instance of the store.
    second = testDb.open();
    vault = createTestGateway(first.db).vault!;
    otherInstance = createTestGateway(second.db).vault!;
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await testDb.cleanup();
  });

  const ledger = (key?: string) =>
    first.db
      .selectFrom('test_gateway_charges')
      .selectAll()
      .$if(key !== undefined, (q) => q.where('idempotency_key', '=', key ?? ''))
      .execute();

  async function saved(number = '4242424242424242') {
    const result = await vault.saveCard({ customerId: 'u1', email: 'pat@example.com', card: card(number) });
    if (result.status !== 'saved') throw new Error(`not saved: ${result.message}`);
    return result;
  }

  it('saves a card as a token that holds no card number, with brand, last four and expiry', async () => {
    const result = await saved();
    expect(result).toMatchObject({ brand: 'Visa', last4: '4242', expiry: '12/39' });
    expect(result.token).not.toContain('4242424242424242');
    expect(await ledger()).toEqual([]);
  });

  it('refuses to save a declining or expired card', async () => {
    const request = { customerId: 'u1', email: 'pat@example.com' };
    expect(await vault.saveCard({ ...request, card: card('4000000000009995') })).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(await vault.saveCard({ ...request, card: card('4242424242424242', '20') })).toEqual({
      status: 'declined',
      message: 'Your card has expired.',
    });
  });

  it('charges once per key: a repeat gets the same transaction and writes no second row', async () => {
    const { token } = await saved();
    const request = {
      token,
      orderReference: 'MS-T1',
      amountCents: 4599,
      email: 'p@example.com',
      idempotencyKey: 'k-repeat',
    };
    const charged = await vault.chargeSavedCard(request);
    expect(charged).toEqual({ status: 'approved', transactionId: expect.stringMatching(/^test_/) });
    expect(await vault.chargeSavedCard(request)).toEqual(charged);
    expect(await otherInstance.chargeSavedCard(request)).toEqual(charged);
    const rows = await ledger('k-repeat');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 4599,
      outcome: 'approved',
      transaction_id: charged.status === 'approved' ? charged.transactionId : '',
    });
    // The same key for another amount is refused, not charged.
    expect((await vault.chargeSavedCard({ ...request, amountCents: 100 })).status).toBe('error');
    expect(await ledger('k-repeat')).toHaveLength(1);
  });

  it('saves 4000 0000 0000 0341 but declines every charge to it, and keeps the decline', async () => {
    const { token, last4 } = await saved('4000000000000341');
    expect(last4).toBe('0341');
    const request = {
      token,
      orderReference: 'MS-T2',
      amountCents: 1000,
      email: 'p@example.com',
      idempotencyKey: 'k-decline',
    };
    expect(await vault.chargeSavedCard(request)).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(await vault.chargeSavedCard(request)).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    const rows = await ledger('k-decline');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.transaction_id).toBeNull();
  });

  it('makes one charge when two instances charge one key at the same moment', async () => {
    const { token } = await saved();
    for (let round = 0; round < 5; round++) {
      const request = {
        token,
        orderReference: 'MS-T3',
        amountCents: 2500,
        email: 'p@example.com',
        idempotencyKey: `k-race-${round}`,
      };
      const results = await Promise.all([
        vault.chargeSavedCard(request),
        otherInstance.chargeSavedCard(request),
        vault.chargeSavedCard(request),
        otherInstance.chargeSavedCard(request),
      ]);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(results[0]!.status).toBe('approved');
      const rows = await ledger(request.idempotencyKey);
      expect(rows.filter((r) => r.transaction_id !== null)).toHaveLength(1);
    }
  });

  it('declines a token it never gave', async () => {
    const result = await vault.chargeSavedCard({
      token: '123/456',
      orderReference: 'MS-T4',
      amountCents: 100,
      email: 'p@example.com',
      idempotencyKey: 'k-foreign',
    });
    expect(result.status).toBe('declined');
    expect(await ledger('k-foreign')).toEqual([]);
  });
});
