import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthorizeNetGateway, formatAmount } from './authorizenet';
import type { ChargeRequest, ChargeResult } from './gateway';

const CARD = '4111111111111111';
const CVV = '987';
const ACCOUNT = '000123456789';
const ROUTING = '021000021';
const BOM = '\uFEFF';

type Json = Record<string, unknown>;
const recorded: { raw: string; body: Json; contentType: string | undefined }[] = [];
const timers = new Set<NodeJS.Timeout>();
let server: Server;
let endpoint: string;

const DECLINED = 'This transaction has been declined.';
const RETRY = 'An error occurred during processing. Please try again in 5 minutes.';
const AUTH_FAILED = 'User authentication failed due to invalid authentication values.';
const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const unsuccessful = {
  resultCode: 'Error',
  message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
};
const apiError = (code: string, text: string) => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});
const approval = (transId: string, accountType: string) => ({
  transactionResponse: {
    responseCode: '1',
    authCode: 'QWX20S',
    transId,
    accountNumber: 'XXXX1111',
    accountType,
  },
  refId: 'MS-TEST',
  messages: ok,
});
const refused = (responseCode: string, errorCode: string, errorText: string, messages: Json) => ({
  transactionResponse: { responseCode, transId: '0', errors: [{ errorCode, errorText }] },
  messages,
});

/** Answers keyed by invoice number: [HTTP status, JSON (sent after a BOM) or raw text, delay ms]. */
const SCENARIOS: Record<string, [number, unknown, number?]> = {
  'MS-DECLINE': [200, refused('2', '2', DECLINED, unsuccessful)],
  'MS-DECLINEOK': [200, refused('2', '2', DECLINED, ok)],
  'MS-ERROR': [200, refused('3', '19', RETRY, unsuccessful)],
  'MS-HELD': [200, refused('4', '253', 'This transaction has been held for review.', ok)],
  'MS-AUTHFAIL': [200, apiError('E00007', AUTH_FAILED)],
  'MS-ECHO': [200, apiError('E00003', `The value '${CARD}' is invalid according to its datatype.`)],
  'MS-HTTP500': [500, '<html>Internal Server Error</html>'],
  'MS-BADJSON': [200, `${BOM}{"messages":`],
  'MS-SLOW': [200, approval('60000000009', 'Visa'), 1500],
};

/** Plays Authorize.Net: card 4111111111111111 and any bank account are approved, the rest by invoice. */
function answer(body: Json, res: ServerResponse): void {
  const tx = (body.createTransactionRequest as Json).transactionRequest as Json;
  const payment = tx.payment as { creditCard?: { cardNumber: string }; bankAccount?: unknown };
  const invoice = (tx.order as { invoiceNumber: string }).invoiceNumber;
  const [status, payload, delayMs] =
    SCENARIOS[invoice] ??
    (payment.bankAccount
      ? [200, approval('60000000002', 'eCheck')]
      : payment.creditCard?.cardNumber === CARD
        ? [200, approval('60000000001', 'Visa')]
        : [200, refused('3', '6', 'The credit card number is invalid.', unsuccessful)]);
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(typeof payload === 'string' ? payload : BOM + JSON.stringify(payload));
  }, delayMs ?? 0);
  timers.add(timer);
  res.on('close', () => clearTimeout(timer));
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (raw += chunk));
  req.on('end', () => {
    const body = JSON.parse(raw) as Json;
    recorded.push({ raw, body, contentType: req.headers['content-type'] });
    answer(body, res);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded.length = 0;
});

const gateway = (timeoutMs?: number, url = endpoint) =>
  createAuthorizeNetGateway({ apiLoginId: 'login-id', transactionKey: 'key-123', endpoint: url, timeoutMs });

function cardCharge(invoice: string, number = CARD, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    orderReference: invoice,
    amountCents: 12345,
    email: 'pat@example.com',
    source: {
      method: 'card',
      card: { number, expiryMonth: '12', expiryYear: '30', cvv: CVV, holderName: 'Pat Q Smith' },
    },
    ...extra,
  };
}

const bankCharge = (holderName = 'Pat Smith'): ChargeRequest => ({
  orderReference: 'MS-ECHECK01',
  amountCents: 500,
  email: 'pat@example.com',
  source: {
    method: 'bank_transfer',
    bank: { holderName, routingNumber: ROUTING, accountNumber: ACCOUNT, accountType: 'savings' },
  },
});

function expectNoSecrets(result: ChargeResult): void {
  const serialised = JSON.stringify(result);
  for (const secret of [CARD, CVV, ACCOUNT, ROUTING]) expect(serialised).not.toContain(secret);
}

const NOT_SENT = 'The payment service could not be reached. You have not been charged. Please try again.';
const FAILED = 'The payment could not be processed. You have not been charged.';
const TIMED_OUT =
  'The payment service did not answer in time, so we cannot tell whether you were charged. ' +
  'Please check your card or bank statement, or contact us, before trying again.';
const UNCONFIRMED =
  'We could not confirm your payment with the payment service, so we cannot tell whether you were charged. ' +
  'Please check your card or bank statement, or contact us, before trying again.';

describe('Authorize.Net gateway', () => {
  it('describes itself as a real, configured gateway', () => {
    const g = gateway();
    expect([g.name, g.mock, g.configured]).toEqual(['authorizenet', false, true]);
  });

  it('sends a card charge as createTransactionRequest, in schema order', async () => {
    const result = await gateway().charge(cardCharge('MS-7K3PQ9XZ'));
    expect(result).toEqual({ status: 'approved', transactionId: '60000000001' });
    expect(recorded).toHaveLength(1);
    const { raw, body, contentType } = recorded[0]!;
    expect(contentType).toBe('application/json');
    expect(raw.startsWith('{"createTransactionRequest":{"merchantAuthentication":')).toBe(true);
    const root = body.createTransactionRequest as Json;
    expect(Object.keys(root)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(root.merchantAuthentication).toEqual({ name: 'login-id', transactionKey: 'key-123' });
    expect(root.refId).toBe('MS-7K3PQ9XZ');
    const tx = root.transactionRequest as Json;
    expect(Object.keys(tx)).toEqual(['transactionType', 'amount', 'payment', 'order', 'customer', 'billTo']);
    expect(tx.transactionType).toBe('authCaptureTransaction');
    expect(tx.amount).toBe('123.45');
    expect(tx.payment).toEqual({
      creditCard: { cardNumber: CARD, expirationDate: '2030-12', cardCode: CVV },
    });
    expect(Object.keys((tx.payment as Json).creditCard as Json).join()).toBe(
      'cardNumber,expirationDate,cardCode',
    );
    expect(tx.order).toEqual({ invoiceNumber: 'MS-7K3PQ9XZ', description: 'MediSupply order MS-7K3PQ9XZ' });
    expect(tx.customer).toEqual({ email: 'pat@example.com' });
    expect(tx.billTo).toEqual({ firstName: 'Pat Q', lastName: 'Smith' });
    expect(Object.keys(tx.billTo as Json)).toEqual(['firstName', 'lastName']);
  });

  it('sends and approves an eCheck (bankAccount, WEB, name cut to 22 characters)', async () => {
    const result = await gateway().charge(bankCharge('Alexandria Catherine Montgomery-Smythe'));
    expect(result).toEqual({ status: 'approved', transactionId: '60000000002' });
    const tx = (recorded[0]!.body.createTransactionRequest as Json).transactionRequest as Json;
    expect(tx.amount).toBe('5.00');
    const bank = (tx.payment as Json).bankAccount as Json;
    expect(Object.keys(bank).join()).toBe('accountType,routingNumber,accountNumber,nameOnAccount,echeckType');
    expect(bank).toEqual({
      accountType: 'savings',
      routingNumber: ROUTING,
      accountNumber: ACCOUNT,
      nameOnAccount: 'Alexandria Catherine M',
      echeckType: 'WEB',
    });
    expect(tx.billTo).toEqual({ firstName: 'Alexandria Catherine', lastName: 'Montgomery-Smythe' });
    expectNoSecrets(result);
  });

  it('formats cents exactly', () => {
    const amounts = [1, 5, 10, 100, 12345, 1999999, 100000001].map(formatAmount);
    expect(amounts.join(' ')).toBe('0.01 0.05 0.10 1.00 123.45 19999.99 1000000.01');
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(() => formatAmount(0)).toThrow(RangeError);
  });

  it('refuses a bad amount without calling Authorize.Net', async () => {
    const result = await gateway().charge({ ...cardCharge('MS-BADAMOUNT'), amountCents: 10.5 });
    expect(result).toEqual({ status: 'error', message: NOT_SENT });
    expect(recorded).toHaveLength(0);
  });

  it.each([
    ['a decline (resultCode Error)', 'MS-DECLINE', { status: 'declined', message: DECLINED }],
    ['a decline (resultCode Ok)', 'MS-DECLINEOK', { status: 'declined', message: DECLINED }],
    ['responseCode 3', 'MS-ERROR', { status: 'error', message: RETRY }],
    [
      'an API error without transactionResponse (set-up problem, plain message)',
      'MS-AUTHFAIL',
      { status: 'error', message: FAILED },
    ],
    ['an API error quoting the card (never repeated)', 'MS-ECHO', { status: 'error', message: FAILED }],
    ['HTTP 500 (may have been processed)', 'MS-HTTP500', { status: 'error', message: UNCONFIRMED }],
    ['invalid JSON (may have been processed)', 'MS-BADJSON', { status: 'error', message: UNCONFIRMED }],
  ])('maps %s', async (_label, invoice, expected) => {
    const result = await gateway().charge(cardCharge(invoice));
    expect(result).toEqual(expected);
    expectNoSecrets(result);
  });

  it('treats held for review (4) as not paid and tells the shopper not to pay again', async () => {
    const result = await gateway().charge(cardCharge('MS-HELD'));
    expect(result.status).toBe('error');
    expect(result).toMatchObject({ message: expect.stringContaining('Please do not pay again') as unknown });
    expect(result).toMatchObject({ message: expect.stringContaining('MS-HELD') as unknown });
  });

  it('gives up after timeoutMs with an honest message', async () => {
    const started = Date.now();
    const result = await gateway(200).charge(
      cardCharge('MS-SLOW', CARD, { signal: new AbortController().signal }),
    );
    expect(Date.now() - started).toBeLessThan(1200);
    expect(result).toEqual({ status: 'error', message: TIMED_OUT });
  });

  it('stops when the caller aborts mid-call, without claiming "not charged"', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await gateway(5000).charge(cardCharge('MS-SLOW', CARD, { signal: controller.signal }));
    expect(result).toEqual({ status: 'error', message: UNCONFIRMED });
  });

  it('sends nothing when the signal is already aborted', async () => {
    const result = await gateway().charge(cardCharge('MS-7K3PQ9XZ', CARD, { signal: AbortSignal.abort() }));
    expect(result).toEqual({ status: 'error', message: NOT_SENT });
    expect(recorded).toHaveLength(0);
  });

  it('strips the BOM itself (Node fetch already drops it; other fetch implementations may not)', async () => {
    const raw = BOM + JSON.stringify(approval('60000000003', 'Visa'));
    const keepsBom = (() =>
      Promise.resolve({ ok: true, text: () => Promise.resolve(raw) } as unknown as Response)) as typeof fetch;
    const g = createAuthorizeNetGateway({ apiLoginId: 'l', transactionKey: 'k', endpoint, fetch: keepsBom });
    const result = await g.charge(cardCharge('MS-BOM'));
    expect(result).toEqual({ status: 'approved', transactionId: '60000000003' });
  });

  it('says "not charged" when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await gateway(2000, `http://127.0.0.1:${port}/xml/v1/request.api`).charge(
      cardCharge('MS-X'),
    );
    expect(result).toEqual({ status: 'error', message: NOT_SENT });
  });
});
