import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Authorize.Net's JSON API (the one outside party we fake): it records every
 * createTransactionRequest and answers in the documented shapes, with the BOM the real one sends.
 * Card 4000000000000002 is declined; anything else is approved after `delayMs`.
 */
export interface AuthorizeNetStub {
  url: string;
  requests: { amount: string; invoiceNumber: string; cardNumber?: string }[];
  close(): Promise<void>;
}

interface TransactionBody {
  createTransactionRequest?: {
    transactionRequest?: {
      amount?: string;
      order?: { invoiceNumber?: string };
      payment?: { creditCard?: { cardNumber?: string } };
    };
  };
}

async function readJson(request: IncomingMessage): Promise<TransactionBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as TransactionBody;
}

export async function startAuthorizeNetStub(delayMs = 100): Promise<AuthorizeNetStub> {
  const requests: AuthorizeNetStub['requests'] = [];
  let next = 60_000_000_000;
  const server = createServer((request, response) => {
    void readJson(request).then(async (body) => {
      const tx = body.createTransactionRequest?.transactionRequest;
      const cardNumber = tx?.payment?.creditCard?.cardNumber;
      requests.push({ amount: tx?.amount ?? '', invoiceNumber: tx?.order?.invoiceNumber ?? '', cardNumber });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const declined = cardNumber === '4000000000000002';
      const answer = declined
        ? {
            transactionResponse: {
              responseCode: '2',
              transId: String(next++),
              errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
            },
            messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
          }
        : {
            transactionResponse: {
              responseCode: '1',
              authCode: 'ABC123',
              transId: String(next++),
              messages: [{ code: '1', description: 'This transaction has been approved.' }],
            },
            messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
          };
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(`\uFEFF${JSON.stringify(answer)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/xml/v1/request.api`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
