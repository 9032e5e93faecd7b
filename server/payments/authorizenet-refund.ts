import {
  type AuthorizeNetConfig,
  clean,
  field,
  firstOf,
  formatAmount,
  shopperText,
  text,
} from './authorizenet-json';
import type { CaptureRequest, CaptureResult, RefundRequest, RefundResult } from './gateway';

/**
 * Capturing an authorisation, and giving money back through Authorize.Net: a void (the whole charge, while it has not settled:
 * nothing is taken at all) or a refund (a credit against a settled charge, which Authorize.Net
 * identifies by the original transaction and the card's last four digits). Element order
 * follows AnetApiSchema.xsd's transactionRequestType: transactionType, amount, payment,
 * refTransId, order.
 */
type Send = (body: string) => Promise<{ body: unknown } | { failed: string }>;

/** Reason 54: the charge has not settled, so it cannot be credited yet. */
const NOT_SETTLED = '54';

export const PART_REFUND_UNSETTLED =
  'This payment has not settled yet, so only the whole order can be refunded now (as a void). ' +
  'A part refund is possible once it settles, usually the next business day.';

const BANK_REFUND =
  'Bank payments that have settled are refunded in the Authorize.Net interface: find the transaction by the order reference.';

function envelope(
  config: AuthorizeNetConfig,
  request: Pick<RefundRequest, 'orderReference'>,
  transactionRequest: Record<string, unknown>,
) {
  return JSON.stringify({
    createTransactionRequest: {
      merchantAuthentication: { name: config.apiLoginId, transactionKey: config.transactionKey },
      refId: clean(request.orderReference, 20),
      transactionRequest,
    },
  });
}

function voidBody(config: AuthorizeNetConfig, request: RefundRequest): string {
  return envelope(config, request, { transactionType: 'voidTransaction', refTransId: request.transactionId });
}

function refundBody(config: AuthorizeNetConfig, request: RefundRequest): string {
  const reference = clean(request.orderReference, 20);
  return envelope(config, request, {
    transactionType: 'refundTransaction',
    amount: formatAmount(request.amountCents),
    payment: { creditCard: { cardNumber: request.last4 ?? '', expirationDate: 'XXXX' } },
    refTransId: request.transactionId,
    order: { invoiceNumber: reference, description: clean(`Refund of MediSupply order ${reference}`, 255) },
  });
}

/** xsd order: transactionType, amount, refTransId. */
function captureBody(config: AuthorizeNetConfig, request: CaptureRequest): string {
  return envelope(config, request, {
    transactionType: 'priorAuthCaptureTransaction',
    amount: formatAmount(request.amountCents),
    refTransId: request.transactionId,
  });
}

type Outcome =
  | { ok: true; transactionId: string }
  /** Authorize.Net answered and said no: nothing happened, another way may be tried. */
  | { ok: false; refused: true; code: string | undefined; message: string }
  /** No clear answer: something may have happened, so nothing else is tried. */
  | { ok: false; refused: false; message: string };

function read(
  answer: { body: unknown } | { failed: string },
  secrets: string[],
  what: 'refund' | 'capture' = 'refund',
): Outcome {
  const unconfirmed = `The payment service did not confirm the ${what}. Check it in Authorize.Net before trying again.`;
  if ('failed' in answer) return { ok: false, refused: false, message: answer.failed };
  const body = answer.body;
  const resultCode = text(field(field(body, 'messages'), 'resultCode'));
  const transaction = field(body, 'transactionResponse');
  const responseCode = text(field(transaction, 'responseCode'));
  const error = firstOf(field(transaction, 'errors'));
  const code = text(field(error, 'errorCode'));
  const message =
    shopperText(text(field(error, 'errorText')), secrets) ??
    shopperText(text(field(firstOf(field(field(body, 'messages'), 'message')), 'text')), secrets) ??
    `The payment service refused the ${what}.`;
  if (responseCode === '1' && resultCode === 'Ok') {
    const transId = text(field(transaction, 'transId'));
    if (transId && transId !== '0') return { ok: true, transactionId: transId };
    return {
      ok: false,
      refused: false,
      message: unconfirmed,
    };
  }
  if (responseCode === '2' || responseCode === '3' || (resultCode === 'Error' && !responseCode)) {
    return { ok: false, refused: true, code, message };
  }
  return {
    ok: false,
    refused: false,
    message: unconfirmed,
  };
}

/**
 * Takes an authorisation (authOnlyTransaction) through Authorize.Net: priorAuthCaptureTransaction.
 * A refusal (expired, voided, already captured) is 'declined' with Authorize.Net's reason.
 */
export async function captureThrough(
  send: Send,
  config: AuthorizeNetConfig,
  request: CaptureRequest,
): Promise<CaptureResult> {
  const secrets = [config.transactionKey].filter((s) => s.length > 4);
  const outcome = read(await send(captureBody(config, request)), secrets, 'capture');
  if (outcome.ok) return { status: 'captured', transactionId: outcome.transactionId };
  return outcome.refused
    ? { status: 'declined', message: outcome.message }
    : { status: 'error', message: outcome.message };
}

export async function refundThrough(
  send: Send,
  config: AuthorizeNetConfig,
  request: RefundRequest,
): Promise<RefundResult> {
  if (
    !Number.isSafeInteger(request.amountCents) ||
    request.amountCents <= 0 ||
    request.amountCents > request.chargedCents
  ) {
    return {
      status: 'declined',
      message: 'The refund must be more than nothing and no more than was charged.',
    };
  }
  const secrets = [config.transactionKey, request.last4 ?? ''].filter((s) => s.length > 4);
  const whole = request.amountCents === request.chargedCents;
  if (whole) {
    const voided = read(await send(voidBody(config, request)), secrets);
    if (voided.ok) return { status: 'voided', transactionId: voided.transactionId };
    // Unknown outcome: trying a refund as well could give the money back twice.
    if (!voided.refused) return { status: 'error', message: voided.message };
  }
  if (request.method === 'bank_transfer') return { status: 'declined', message: BANK_REFUND };
  if (!request.last4)
    return {
      status: 'declined',
      message: 'The card of this payment is unknown, so it cannot be refunded here.',
    };
  const refunded = read(await send(refundBody(config, request)), secrets);
  if (refunded.ok) return { status: 'refunded', transactionId: refunded.transactionId };
  if (!refunded.refused) return { status: 'error', message: refunded.message };
  return {
    status: 'declined',
    message: refunded.code === NOT_SETTLED ? PART_REFUND_UNSETTLED : refunded.message,
  };
}
