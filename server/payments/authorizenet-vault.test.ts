import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthorizeNetGateway } from './authorizenet';
import { DUPLICATE_WINDOW_SECONDS, keyReference, merchantCustomerId } from './authorizenet-vault';
import type { CardDetails, CardVault } from './gateway';
import {
  DECLINING,
  type Json,
  startVaultStub,
  type VaultStub,
} from '../../tests/support/authorizenet-vault-stub';

/** The saved cards at Authorize.Net, against its stand-in on loopback (tests/support). */
const CARD = '4111111111111111';
const CVV = '987';
let stub: VaultStub;
let endpoint: string;
let recorded: VaultStub['recorded'];

beforeAll(async () => {
  stub = await startVaultStub();
  endpoint = stub.url;
  recorded = stub.recorded;
});

afterAll(async () => stub.close());

beforeEach(() => {
  recorded.length = 0;
  stub.state.declineCharges = false;
});

const vault = (url = endpoint): CardVault =>
  createAuthorizeNetGateway({ apiLoginId: 'login-id', transactionKey: 'key-123', endpoint: url }).vault!;

const card = (number = CARD): CardDetails => ({
  number,
  expiryMonth: '4',
  expiryYear: '31',
  cvv: CVV,
  holderName: 'Pat Q Smith',
});

function expectNoCard(value: unknown): void {
  const serialised = JSON.stringify(value);
  for (const secret of [CARD, DECLINING, CVV]) expect(serialised).not.toContain(secret);
}

describe('Authorize.Net saved cards', () => {
  it('saves a card as a customer profile validated in liveMode, in schema order', async () => {
    const result = await vault().saveCard({ customerId: 'user-ada', email: 'ada@example.com', card: card() });
    expect(result).toEqual({
      status: 'saved',
      token: expect.stringMatching(/^\d+\/\d+$/),
      brand: 'Visa',
      last4: '1111',
      expiry: '04/31',
    });
    expectNoCard(result);
    const [{ root, body, raw }] = recorded as [(typeof recorded)[number]];
    expect(root).toBe('createCustomerProfileRequest');
    expect(raw.startsWith('{"createCustomerProfileRequest":{"merchantAuthentication":')).toBe(true);
    expect(Object.keys(body)).toEqual(['merchantAuthentication', 'profile', 'validationMode']);
    expect(body.validationMode).toBe('liveMode');
    const profile = body.profile as Json;
    expect(Object.keys(profile)).toEqual(['merchantCustomerId', 'description', 'email', 'paymentProfiles']);
    expect(profile.merchantCustomerId).toBe('user-ada');
    const payment = profile.paymentProfiles as Json;
    expect(Object.keys(payment)).toEqual(['customerType', 'billTo', 'payment']);
    expect(payment.billTo).toEqual({ firstName: 'Pat Q', lastName: 'Smith' });
    expect(payment.payment).toEqual({
      creditCard: { cardNumber: CARD, expirationDate: '2031-04', cardCode: CVV },
    });
  });

  it('adds the card to the profile a returning shopper already has (E00039), or finds it there', async () => {
    const first = await vault().saveCard({ customerId: 'user-bo', email: 'bo@example.com', card: card() });
    const other = await vault().saveCard({
      customerId: 'user-bo',
      email: 'bo@example.com',
      card: card('4242424242424242'),
    });
    const again = await vault().saveCard({ customerId: 'user-bo', email: 'bo@example.com', card: card() });
    if (first.status !== 'saved' || other.status !== 'saved') throw new Error('not saved');
    const [profileId] = first.token.split('/');
    expect(other.token.split('/')[0]).toBe(profileId);
    expect(other.token).not.toBe(first.token);
    expect(again).toMatchObject({ status: 'saved', token: first.token });
    const added = recorded.filter((r) => r.root === 'createCustomerPaymentProfileRequest');
    expect(added).toHaveLength(2);
    expect(Object.keys(added[0]!.body)).toEqual([
      'merchantAuthentication',
      'customerProfileId',
      'paymentProfile',
      'validationMode',
    ]);
    expect(added[0]!.body.customerProfileId).toBe(profileId);
  });

  it('refuses a card the bank declines when it is saved, with no card data in the answer', async () => {
    const result = await vault().saveCard({
      customerId: 'user-cy',
      email: 'cy@example.com',
      card: card(DECLINING),
    });
    expect(result).toEqual({ status: 'declined', message: 'This transaction has been declined.' });
    await vault().saveCard({ customerId: 'user-cy', email: 'cy@example.com', card: card() });
    const refusedOnProfile = await vault().saveCard({
      customerId: 'user-cy',
      email: 'cy@example.com',
      card: card(DECLINING),
    });
    expect(refusedOnProfile).toEqual({ status: 'declined', message: 'This transaction has been declined.' });
    expectNoCard([result, refusedOnProfile]);
  });

  it('charges a saved card once per key: a repeat is answered with the first transaction', async () => {
    const saved = await vault().saveCard({ customerId: 'user-di', email: 'di@example.com', card: card() });
    if (saved.status !== 'saved') throw new Error('not saved');
    const request = {
      token: saved.token,
      orderReference: 'MS-REFILL01',
      amountCents: 4599,
      email: 'di@example.com',
      idempotencyKey: 'plan-1:2026-12-01:1',
    };
    const first = await vault().chargeSavedCard(request);
    const repeat = await vault().chargeSavedCard(request);
    expect(first).toEqual({ status: 'approved', transactionId: expect.stringMatching(/^6\d+$/) });
    expect(repeat).toEqual(first);
    const sent = recorded.filter((r) => r.root === 'createTransactionRequest');
    const tx = sent[0]!.body.transactionRequest as Json;
    expect(Object.keys(tx)).toEqual([
      'transactionType',
      'amount',
      'profile',
      'order',
      'poNumber',
      'transactionSettings',
    ]);
    expect(tx.transactionType).toBe('authCaptureTransaction');
    expect(tx.amount).toBe('45.99');
    const [profileId, paymentId] = saved.token.split('/');
    expect(tx.profile).toEqual({
      customerProfileId: profileId,
      paymentProfile: { paymentProfileId: paymentId },
    });
    expect(tx.order).toEqual({ invoiceNumber: 'MS-REFILL01', description: 'MediSupply refill MS-REFILL01' });
    expect(tx.poNumber).toBe(keyReference(request.idempotencyKey));
    expect(tx.transactionSettings).toEqual({
      setting: { settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) },
    });
    // Another attempt (another key) is a new charge, not a duplicate.
    const retried = await vault().chargeSavedCard({ ...request, idempotencyKey: 'plan-1:2026-12-01:2' });
    expect(retried.status).toBe('approved');
    expect(retried).not.toEqual(first);
  });

  it('answers the repeat of a declined charge as declined, not approved', async () => {
    const saved = await vault().saveCard({ customerId: 'user-ed', email: 'ed@example.com', card: card() });
    if (saved.status !== 'saved') throw new Error('not saved');
    stub.state.declineCharges = true;
    const request = {
      token: saved.token,
      orderReference: 'MS-REFILL02',
      amountCents: 1000,
      email: 'ed@example.com',
      idempotencyKey: 'k-declined',
    };
    expect(await vault().chargeSavedCard(request)).toEqual({
      status: 'declined',
      message: 'This transaction has been declined.',
    });
    expect(await vault().chargeSavedCard(request)).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('sends nothing for a token it never gave or an amount that is not a positive whole number of cents', async () => {
    const v = vault();
    const request = {
      token: 'test_tok_ok_1',
      orderReference: 'MS-X',
      amountCents: 100,
      email: 'x@example.com',
      idempotencyKey: 'k1',
    };
    expect((await v.chargeSavedCard(request)).status).toBe('declined');
    expect((await v.chargeSavedCard({ ...request, token: '1/2', amountCents: 10.5 })).status).toBe('error');
    expect(recorded).toHaveLength(0);
  });

  it('forgets a card with deleteCustomerPaymentProfileRequest, and never throws', async () => {
    await vault().forgetCard('123/456');
    expect(recorded.map((r) => r.root)).toEqual(['deleteCustomerPaymentProfileRequest']);
    expect(recorded[0]!.body).toEqual({
      merchantAuthentication: { name: 'login-id', transactionKey: 'key-123' },
      customerProfileId: '123',
      customerPaymentProfileId: '456',
    });
    await expect(vault('http://127.0.0.1:9/unreachable').forgetCard('1/2')).resolves.toBeUndefined();
    await expect(vault().forgetCard('not-a-token')).resolves.toBeUndefined();
  });

  it('keeps merchantCustomerId within 20 characters', () => {
    expect(merchantCustomerId('short_id')).toBe('short_id');
    const long = merchantCustomerId('a'.repeat(32));
    expect(long).toHaveLength(20);
    expect(long).toBe(merchantCustomerId('a'.repeat(32)));
  });

  it('says the card could not be saved when Authorize.Net cannot be reached', async () => {
    const result = await vault('http://127.0.0.1:9/unreachable').saveCard({
      customerId: 'user-fi',
      email: 'fi@example.com',
      card: card(),
    });
    expect(result.status).toBe('error');
    expectNoCard(result);
  });
});
