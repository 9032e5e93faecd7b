import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthorizeNetGateway } from './authorizenet';
import { DUPLICATE_WINDOW_SECONDS, keyReference, merchantCustomerId } from './authorizenet-vault';
import type { CardDetails, CardVault } from './gateway';

/**
 * The saved cards at Authorize.Net against a stand-in for its JSON API on loopback, answering in
 * the documented shapes (with the BOM the real one sends): customer profiles keyed by
 * merchantCustomerId, payment profiles validated in liveMode (card 4000000000000002 is declined),
 * and charges deduplicated as Authorize.Net does within the duplicate window.
 */
const CARD = '4111111111111111';
const DECLINING = '4000000000000002';
const CVV = '987';
const BOM = '\uFEFF';

type Json = Record<string, unknown>;
const recorded: { root: string; body: Json; raw: string }[] = [];
let server: Server;
let endpoint: string;

const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const error = (code: string, text: string) => ({ resultCode: 'Error', message: [{ code, text }] });
const approvedCheck = '1,1,1,This transaction has been approved.,A1B2C3,Y,40000000001,none,,0.00,CC';
const declinedCheck = '2,1,2,This transaction has been declined.,000000,N,40000000002,none,,0.00,CC';

/** The stand-in's state: profiles by merchantCustomerId, their cards, and charges by their duplicate key. */
const profiles = new Map<string, { id: string; cards: Map<string, string> }>();
const charges = new Map<string, { transId: string; approved: boolean }>();
let nextId = 1000;
let declineCharges = false;

function cardOf(paymentProfile: Json): { number: string; key: string } {
  const card = (paymentProfile.payment as Json).creditCard as Json;
  return {
    number: String(card.cardNumber),
    key: `${String(card.cardNumber)}|${String(card.expirationDate)}`,
  };
}

function validate(number: string) {
  return number === DECLINING ? declinedCheck : approvedCheck;
}

function answerProfile(request: Json): unknown {
  const profile = request.profile as Json;
  const customer = String(profile.merchantCustomerId);
  const existing = profiles.get(customer);
  if (existing) {
    return { messages: error('E00039', `A duplicate record with ID ${existing.id} already exists.`) };
  }
  const card = cardOf(profile.paymentProfiles as Json);
  const check = validate(card.number);
  if (check.startsWith('2')) {
    return {
      validationDirectResponseList: [check],
      messages: error('E00027', 'The transaction was unsuccessful.'),
    };
  }
  const id = String(nextId++);
  const paymentId = String(nextId++);
  profiles.set(customer, { id, cards: new Map([[card.key, paymentId]]) });
  return {
    customerProfileId: id,
    customerPaymentProfileIdList: [paymentId],
    customerShippingAddressIdList: [],
    validationDirectResponseList: [check],
    messages: ok,
  };
}

function answerPaymentProfile(request: Json): unknown {
  const profile = [...profiles.values()].find((p) => p.id === request.customerProfileId);
  if (!profile) return { messages: error('E00040', 'The record cannot be found.') };
  const card = cardOf(request.paymentProfile as Json);
  const known = profile.cards.get(card.key);
  if (known) {
    return {
      customerProfileId: profile.id,
      customerPaymentProfileId: known,
      messages: error('E00039', 'A duplicate customer payment profile already exists.'),
    };
  }
  const check = validate(card.number);
  if (check.startsWith('2')) {
    return {
      validationDirectResponse: check,
      messages: error('E00027', 'The transaction was unsuccessful.'),
    };
  }
  const paymentId = String(nextId++);
  profile.cards.set(card.key, paymentId);
  return {
    customerProfileId: profile.id,
    customerPaymentProfileId: paymentId,
    validationDirectResponse: check,
    messages: ok,
  };
}

function answerCharge(request: Json): unknown {
  const tx = request.transactionRequest as Json;
  const profile = tx.profile as { customerProfileId: string; paymentProfile: { paymentProfileId: string } };
  const order = tx.order as { invoiceNumber: string };
  const key = [
    profile.customerProfileId,
    profile.paymentProfile.paymentProfileId,
    tx.amount,
    order.invoiceNumber,
    tx.poNumber,
  ].join('|');
  const first = charges.get(key);
  if (first) {
    return {
      transactionResponse: {
        responseCode: '3',
        ...(first.approved ? { authCode: 'QWX20S' } : { authCode: '' }),
        transId: first.transId,
        errors: [{ errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }],
      },
      messages: error('E00027', 'The transaction was unsuccessful.'),
    };
  }
  const transId = String(60000000000 + nextId++);
  charges.set(key, { transId, approved: !declineCharges });
  if (declineCharges) {
    return {
      transactionResponse: {
        responseCode: '2',
        transId,
        errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
      },
      messages: error('E00027', 'The transaction was unsuccessful.'),
    };
  }
  return { transactionResponse: { responseCode: '1', authCode: 'QWX20S', transId }, messages: ok };
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (raw += chunk));
  req.on('end', () => {
    const body = JSON.parse(raw) as Json;
    const root = Object.keys(body)[0]!;
    recorded.push({ root, body: body[root] as Json, raw });
    const request = body[root] as Json;
    const payload =
      root === 'createCustomerProfileRequest'
        ? answerProfile(request)
        : root === 'createCustomerPaymentProfileRequest'
          ? answerPaymentProfile(request)
          : root === 'createTransactionRequest'
            ? answerCharge(request)
            : { messages: ok };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(BOM + JSON.stringify(payload));
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded.length = 0;
  declineCharges = false;
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
    declineCharges = true;
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
