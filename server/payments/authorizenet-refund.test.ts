import { describe, expect, it } from 'vitest';
import { createAuthorizeNetGateway } from './authorizenet';
import { PART_REFUND_UNSETTLED } from './authorizenet-refund';
import type { RefundRequest } from './gateway';

const KEY = 'secret-key-12345';
const REQUEST: RefundRequest = {
  transactionId: '60000000001',
  orderReference: 'MS-ABCDEFGH',
  amountCents: 12_345,
  chargedCents: 12_345,
  method: 'card',
  last4: '4242',
};
const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const approved = (transId: string) => ({ transactionResponse: { responseCode: '1', transId }, messages: ok });
const refused = (errorCode: string, errorText: string) => ({
  transactionResponse: { responseCode: '3', transId: '0', errors: [{ errorCode, errorText }] },
  messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
});

/** A gateway whose processor answers from a script, recording what it was sent. */
function scripted(answers: (unknown | Error)[]) {
  const sent: { transactionRequest: Record<string, unknown>; raw: string }[] = [];
  const gateway = createAuthorizeNetGateway({
    apiLoginId: 'login',
    transactionKey: KEY,
    endpoint: 'http://processor.invalid/api',
    fetch: (_url, init) => {
      const raw = String(init?.body);
      const body = JSON.parse(raw) as {
        createTransactionRequest: { transactionRequest: Record<string, unknown> };
      };
      sent.push({ transactionRequest: body.createTransactionRequest.transactionRequest, raw });
      const next = answers.shift();
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve(new Response(`\uFEFF${JSON.stringify(next)}`, { status: 200 }));
    },
  });
  return { gateway, sent };
}

describe('Authorize.Net refunds', () => {
  it('voids the whole of an unsettled charge, in the schema element order', async () => {
    const { gateway, sent } = scripted([approved('70000000001')]);
    expect(await gateway.refund(REQUEST)).toEqual({ status: 'voided', transactionId: '70000000001' });
    expect(Object.keys(sent[0]!.transactionRequest)).toEqual(['transactionType', 'refTransId']);
    expect(sent[0]!.transactionRequest).toMatchObject({
      transactionType: 'voidTransaction',
      refTransId: REQUEST.transactionId,
    });
  });

  it('refunds when the void is refused, with the last four and XXXX, in the schema element order', async () => {
    const { gateway, sent } = scripted([
      refused('8', 'The transaction cannot be voided.'),
      approved('70000000002'),
    ]);
    expect(await gateway.refund(REQUEST)).toEqual({ status: 'refunded', transactionId: '70000000002' });
    const refund = sent[1]!.transactionRequest;
    expect(Object.keys(refund)).toEqual(['transactionType', 'amount', 'payment', 'refTransId', 'order']);
    expect(refund).toMatchObject({
      transactionType: 'refundTransaction',
      amount: '123.45',
      payment: { creditCard: { cardNumber: '4242', expirationDate: 'XXXX' } },
      refTransId: REQUEST.transactionId,
      order: { invoiceNumber: 'MS-ABCDEFGH' },
    });
  });

  it('sends a part refund as a refund, and says when the charge has not settled', async () => {
    const { gateway, sent } = scripted([
      refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.'),
    ]);
    expect(await gateway.refund({ ...REQUEST, amountCents: 1_000 })).toEqual({
      status: 'declined',
      message: PART_REFUND_UNSETTLED,
    });
    expect(sent.map((s) => s.transactionRequest.transactionType)).toEqual(['refundTransaction']);
  });

  it('never tries a refund after a void whose outcome is unknown', async () => {
    const { gateway, sent } = scripted([Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })]);
    const result = await gateway.refund(REQUEST);
    expect(result.status).toBe('error');
    expect(sent).toHaveLength(1);
  });

  it('refuses amounts that are not a part of the charge without calling the processor', async () => {
    const { gateway, sent } = scripted([]);
    for (const amountCents of [0, -5, 1.5, 12_346]) {
      expect((await gateway.refund({ ...REQUEST, amountCents })).status).toBe('declined');
    }
    expect(sent).toHaveLength(0);
  });

  it('keeps its messages free of the transaction key', async () => {
    const { gateway } = scripted([refused('8', 'nope'), refused('11', `Bad key ${KEY}`)]);
    const result = await gateway.refund(REQUEST);
    expect(result).toMatchObject({ status: 'declined' });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});

describe('Authorize.Net authorisations', () => {
  const CAPTURE = { transactionId: '60000000009', orderReference: 'MS-ABCDEFGH', amountCents: 129_900 };

  it('captures an authorisation with priorAuthCaptureTransaction, in the schema element order', async () => {
    const { gateway, sent } = scripted([approved('60000000009')]);
    expect(await gateway.capture(CAPTURE)).toEqual({ status: 'captured', transactionId: '60000000009' });
    expect(Object.keys(sent[0]!.transactionRequest)).toEqual(['transactionType', 'amount', 'refTransId']);
    expect(sent[0]!.transactionRequest).toMatchObject({
      transactionType: 'priorAuthCaptureTransaction',
      amount: '1299.00',
      refTransId: CAPTURE.transactionId,
    });
  });

  it('says why a capture was refused, and that an unclear answer is unconfirmed', async () => {
    const { gateway } = scripted([
      refused('16', 'The transaction cannot be found.'),
      new Error('socket hang up'),
    ]);
    expect(await gateway.capture(CAPTURE)).toEqual({
      status: 'declined',
      message: 'The transaction cannot be found.',
    });
    const unclear = await gateway.capture(CAPTURE);
    expect(unclear.status).toBe('error');
  });

  it('authorises only when asked (authOnlyTransaction)', async () => {
    const { gateway, sent } = scripted([approved('60000000010')]);
    const result = await gateway.charge({
      orderReference: 'MS-ABCDEFGH',
      amountCents: 129_900,
      email: 'buyer@example.com',
      authorizeOnly: true,
      source: {
        method: 'card',
        card: {
          number: '4111111111111111',
          expiryMonth: '12',
          expiryYear: '30',
          cvv: '123',
          holderName: 'Ada Buyer',
        },
      },
    });
    expect(result).toEqual({ status: 'approved', transactionId: '60000000010' });
    expect(sent[0]!.transactionRequest.transactionType).toBe('authOnlyTransaction');
  });
});
