import {
  type AuthorizeNetConfig,
  clean,
  field,
  firstOf,
  formatAmount,
  shopperText,
  text,
} from './authorizenet-json';
import { captureThrough, refundThrough } from './authorizenet-refund';
import { createAuthorizeNetVault } from './authorizenet-vault';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';

/**
 * Authorize.Net through its JSON API (createTransactionRequest, authCaptureTransaction).
 * The JSON mirrors AnetApiSchema.xsd and Authorize.Net validates element ORDER against it, so every
 * object below is built in the schema's sequence (JSON.stringify keeps insertion order).
 * Card and bank details go into the request body only: never into a message, error or log.
 */

export const AUTHORIZENET_SANDBOX_ENDPOINT = 'https://apitest.authorize.net/xml/v1/request.api';
export const AUTHORIZENET_PRODUCTION_ENDPOINT = 'https://api.authorize.net/xml/v1/request.api';

/** The request certainly never reached Authorize.Net. */
const NOT_SENT = 'The payment service could not be reached. You have not been charged. Please try again.';
/** It may have reached Authorize.Net: we must not claim the shopper was not charged. */
const TIMED_OUT =
  'The payment service did not answer in time, so we cannot tell whether you were charged. ' +
  'Please check your card or bank statement, or contact us, before trying again.';
const UNCONFIRMED =
  'We could not confirm your payment with the payment service, so we cannot tell whether you were charged. ' +
  'Please check your card or bank statement, or contact us, before trying again.';
const FAILED = 'The payment could not be processed. You have not been charged.';

/** "Mary Ann Smith" -> Mary Ann / Smith (schema: 50 characters each; a single word is the last name). */
function billTo(holderName: string): { firstName?: string; lastName?: string } | undefined {
  const words = clean(holderName, 200).split(' ').filter(Boolean);
  const last = words.pop();
  if (!last) return undefined;
  const first = clean(words.join(' '), 50);
  return { ...(first ? { firstName: first } : {}), lastName: clean(last, 50) };
}

function buildRequest(config: AuthorizeNetConfig, request: ChargeRequest): string {
  const { source } = request;
  const payment =
    source.method === 'card'
      ? {
          creditCard: {
            cardNumber: source.card.number,
            expirationDate: `20${source.card.expiryYear.padStart(2, '0')}-${source.card.expiryMonth.padStart(2, '0')}`,
            cardCode: source.card.cvv,
          },
        }
      : {
          bankAccount: {
            accountType: source.bank.accountType,
            routingNumber: source.bank.routingNumber,
            accountNumber: source.bank.accountNumber,
            nameOnAccount: clean(source.bank.holderName, 22),
            echeckType: 'WEB',
          },
        };
  const reference = clean(request.orderReference, 20);
  const email = clean(request.email, 255);
  const name = billTo(source.method === 'card' ? source.card.holderName : source.bank.holderName);
  return JSON.stringify({
    createTransactionRequest: {
      merchantAuthentication: { name: config.apiLoginId, transactionKey: config.transactionKey },
      refId: reference,
      // xsd transactionRequestType: transactionType, amount, ..., payment, ..., order, ..., customer, billTo
      transactionRequest: {
        transactionType: request.authorizeOnly ? 'authOnlyTransaction' : 'authCaptureTransaction',
        amount: formatAmount(request.amountCents),
        payment,
        order: { invoiceNumber: reference, description: clean(`MediSupply order ${reference}`, 255) },
        ...(email ? { customer: { email } } : {}),
        ...(name ? { billTo: name } : {}),
      },
    },
  });
}

function interpret(body: unknown, request: ChargeRequest, secrets: string[]): ChargeResult {
  const resultCode = text(field(field(body, 'messages'), 'resultCode'));
  const transaction = field(body, 'transactionResponse');
  const responseCode = text(field(transaction, 'responseCode'));
  const errorText = text(field(firstOf(field(transaction, 'errors')), 'errorText'));
  const apiText = text(field(firstOf(field(field(body, 'messages'), 'message')), 'text'));

  // responseCode decides, not resultCode: real declines arrive with resultCode 'Ok' as well as 'Error'.
  if (responseCode === '1') {
    const transId = text(field(transaction, 'transId'));
    // transId "0" is what an account in Test Mode returns: nothing was charged, but it is no approval.
    if (resultCode === 'Ok' && transId && transId !== '0')
      return { status: 'approved', transactionId: transId };
    return { status: 'error', message: UNCONFIRMED };
  }
  if (responseCode === '2') {
    const fallback =
      request.source.method === 'card' ? 'Your card was declined.' : 'Your bank account was declined.';
    return { status: 'declined', message: shopperText(errorText, secrets) ?? fallback };
  }
  if (responseCode === '4') {
    // Held for review (Fraud Detection Suite): the card is authorised but NOT captured until the
    // merchant approves it in the Authorize.Net interface, and the merchant may decline it. Not
    // 'approved' (the order would be treated as paid and shipped before the review), and the shopper
    // must not pay again, so: 'error' with a message saying so. The merchant finds the transaction by
    // its invoice number (the order reference). ChargeResult has no 'pending' state for this.
    return {
      status: 'error',
      message:
        'Your payment is on hold for review by the payment processor, so this order is not paid yet. ' +
        `Please do not pay again: contact us and quote order ${clean(request.orderReference, 20)}.`,
    };
  }
  if (responseCode === '3') {
    return { status: 'error', message: shopperText(errorText ?? apiText, secrets) ?? FAILED };
  }
  // An API-level error with no transaction (E00007 bad credentials, E00003 schema...): a store
  // set-up problem the shopper can do nothing about, so they get the plain message; ops see the
  // failed attempt in the database.
  if (resultCode === 'Error') return { status: 'error', message: FAILED };
  return { status: 'error', message: UNCONFIRMED };
}

// ---- Transport ----

export { type AuthorizeNetConfig, formatAmount };

/** Failures that happen before any byte of the request is sent (DNS, refused connection, TLS). */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [];
  const code = text(field(error, 'code'));
  const nested = field(error, 'errors');
  return [
    ...(code ? [code] : []),
    ...errorCodes(field(error, 'cause'), depth + 1),
    ...(Array.isArray(nested) ? nested.flatMap((e: unknown) => errorCodes(e, depth + 1)) : []),
  ];
}

function neverSent(error: unknown): boolean {
  const codes = errorCodes(error);
  return (
    codes.length > 0 &&
    codes.every(
      (code) => CONNECT_CODES.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_)|SELF_SIGNED/.test(code),
    )
  );
}

/** The processor's JSON answer, or why there is none (a message for the caller's error). */
type Answer = { body: unknown } | { failed: string };

/**
 * One createTransactionRequest over HTTP: the whole call under the time limit, the BOM removed,
 * the JSON parsed. Shared by charges and refunds.
 */
async function send(config: AuthorizeNetConfig, body: string, signal?: AbortSignal): Promise<Answer> {
  const doFetch = config.fetch ?? fetch;
  if (signal?.aborted) return { failed: NOT_SENT };
  const timeout = AbortSignal.timeout(config.timeoutMs ?? 30_000);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let answer: string;
  try {
    const response = await doFetch(config.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: combined,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { failed: UNCONFIRMED };
    }
    answer = await response.text();
  } catch (error) {
    if (timeout.aborted) return { failed: TIMED_OUT };
    return { failed: neverSent(error) ? NOT_SENT : UNCONFIRMED };
  }
  try {
    // Authorize.Net prefixes its JSON with a UTF-8 BOM, which JSON.parse rejects.
    return { body: JSON.parse(answer.replace(/^\uFEFF/, '')) };
  } catch {
    return { failed: UNCONFIRMED };
  }
}

export function createAuthorizeNetGateway(config: AuthorizeNetConfig): PaymentGateway {
  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    let body: string;
    try {
      body = buildRequest(config, request);
    } catch {
      return { status: 'error', message: NOT_SENT };
    }
    const answer = await send(config, body, request.signal);
    if ('failed' in answer) return { status: 'error', message: answer.failed };
    const secrets =
      request.source.method === 'card'
        ? [request.source.card.number, request.source.card.cvv]
        : [request.source.bank.accountNumber, request.source.bank.routingNumber];
    return interpret(answer.body, request, secrets);
  }

  return {
    name: 'authorizenet',
    mock: false,
    configured: true,
    charge,
    capture: (request) => captureThrough((body) => send(config, body, request.signal), config, request),
    refund: (request) => refundThrough((body) => send(config, body, request.signal), config, request),
    vault: createAuthorizeNetVault(config, (body, signal) => send(config, body, signal)),
  };
}
