import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Authorize.Net's JSON API (the one outside party we fake): it records every
 * createTransactionRequest and answers in the documented shapes, with the BOM the real one sends.
 * Charges: card 4000000000000002 is declined; anything else is approved after `delayMs`.
 * Voids and refunds work as the real one's do: a charge can be voided until it settles
 * (`settle(transId)`), and refunded (up to what is left of it) only after; a settled charge
 * refuses a void, an unsettled one refuses a refund with reason 54.
 */
export interface StubRequest {
  transactionType: string;
  amount: string;
  invoiceNumber: string;
  cardNumber?: string;
  refTransId?: string;
}

export interface AuthorizeNetStub {
  url: string;
  requests: StubRequest[];
  /** The charge has settled: from now on it can be refunded, not voided. */
  settle(transId: string): void;
  close(): Promise<void>;
}

interface TransactionBody {
  createTransactionRequest?: {
    transactionRequest?: {
      transactionType?: string;
      amount?: string;
      refTransId?: string;
      order?: { invoiceNumber?: string };
      payment?: { creditCard?: { cardNumber?: string } };
    };
  };
}

interface Charge {
  cents: number;
  refunded: number;
  settled: boolean;
  voided: boolean;
}

async function readJson(request: IncomingMessage): Promise<TransactionBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as TransactionBody;
}

const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };

function approved(transId: string) {
  return {
    transactionResponse: {
      responseCode: '1',
      authCode: 'ABC123',
      transId,
      messages: [{ code: '1', description: 'This transaction has been approved.' }],
    },
    messages: OK,
  };
}

function refused(errorCode: string, errorText: string) {
  return {
    transactionResponse: { responseCode: '3', transId: '0', errors: [{ errorCode, errorText }] },
    messages: {
      resultCode: 'Error',
      message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
    },
  };
}

const cents = (amount: string | undefined) => Math.round(Number(amount ?? 0) * 100);

export async function startAuthorizeNetStub(delayMs = 100): Promise<AuthorizeNetStub> {
  const requests: StubRequest[] = [];
  const charges = new Map<string, Charge>();
  let next = 60_000_000_000;

  function answer(
    tx: NonNullable<NonNullable<TransactionBody['createTransactionRequest']>['transactionRequest']>,
  ) {
    const type = tx.transactionType ?? '';
    const charge = tx.refTransId ? charges.get(tx.refTransId) : undefined;
    if (type === 'voidTransaction') {
      if (!charge) return refused('16', 'The transaction cannot be found.');
      if (charge.voided) return refused('310', 'This transaction has already been voided.');
      if (charge.settled) return refused('8', 'The transaction cannot be voided because it has settled.');
      charge.voided = true;
      return approved(String(next++));
    }
    if (type === 'refundTransaction') {
      if (!charge || charge.voided) return refused('16', 'The transaction cannot be found.');
      if (!charge.settled)
        return refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
      const amount = cents(tx.amount);
      if (amount > charge.cents - charge.refunded)
        return refused(
          '55',
          'The sum of credits against the referenced transaction would exceed the original debit amount.',
        );
      charge.refunded += amount;
      return approved(String(next++));
    }
    const transId = String(next++);
    if (tx.payment?.creditCard?.cardNumber === '4000000000000002') {
      return {
        transactionResponse: {
          responseCode: '2',
          transId,
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
        },
        messages: OK,
      };
    }
    charges.set(transId, { cents: cents(tx.amount), refunded: 0, settled: false, voided: false });
    return approved(transId);
  }

  const server = createServer((request, response) => {
    void readJson(request).then(async (body) => {
      const tx = body.createTransactionRequest?.transactionRequest ?? {};
      requests.push({
        transactionType: tx.transactionType ?? '',
        amount: tx.amount ?? '',
        invoiceNumber: tx.order?.invoiceNumber ?? '',
        cardNumber: tx.payment?.creditCard?.cardNumber,
        refTransId: tx.refTransId,
      });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(`\uFEFF${JSON.stringify(answer(tx))}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/xml/v1/request.api`,
    requests,
    settle(transId) {
      const charge = charges.get(transId);
      if (charge) charge.settled = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
