import { createHash } from 'node:crypto';
import {
  type AuthorizeNetConfig,
  clean,
  field,
  firstOf,
  formatAmount,
  shopperText,
  text,
} from './authorizenet-json';
import {
  type CardDetails,
  type CardVault,
  type ChargeResult,
  cardBrandOf,
  type SaveCardRequest,
  type SaveCardResult,
  type SavedCardChargeRequest,
} from './gateway';

/**
 * Saved cards at Authorize.Net (Customer Information Manager, docs/decisions/0064): the card goes
 * to Authorize.Net once, in a customer payment profile, and we keep only the token
 * "<customerProfileId>/<customerPaymentProfileId>" with the brand, last four and expiry.
 * - saveCard: createCustomerProfileRequest with the card, validated in liveMode (a card the bank
 *   refuses is refused now, not at the first refill); when the shopper already has a profile
 *   (E00039, whose message names it), createCustomerPaymentProfileRequest adds the card to it;
 * - chargeSavedCard: createTransactionRequest (authCaptureTransaction) on the profile, with the
 *   duplicate window at its maximum: Authorize.Net refuses a second transaction with the same
 *   invoice number, amount and PO number within it, and answers that repeat (reason 11) with the
 *   first transaction's id (and its authorisation code when it was approved). The idempotency key
 *   is sent as the PO number, so a repeat of the same key is such a duplicate, and a new attempt
 *   (another key) is not;
 * - forgetCard: deleteCustomerPaymentProfileRequest, never throwing.
 * Objects are built in AnetApiSchema.xsd's order (Authorize.Net checks it). The card goes into
 * the request body only: never into a result, message or log.
 */

type Answer = { body: unknown } | { failed: string };
type Send = (body: string, signal?: AbortSignal) => Promise<Answer>;

/** The longest duplicate window Authorize.Net allows: 8 hours. */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

const TOKEN = /^(\d{1,20})\/(\d{1,20})$/;
const DECLINED = 'Your card was declined.';
const NOT_SAVED = 'Your card could not be saved: the payment service did not answer. Please try again.';
const SAVE_FAILED = 'Your card could not be saved. Please check its details, or try another card.';
const CHARGE_FAILED = 'The payment could not be processed. The card was not charged.';
const UNCONFIRMED =
  'The payment service did not confirm the charge, so we cannot tell whether the card was charged. ' +
  'Check the transaction in Authorize.Net before trying again.';
const NOT_ON_FILE = 'The saved card is no longer on file. Please add the card again.';

/** merchantCustomerId holds 20 characters: our id when it fits, else a digest of it. */
export function merchantCustomerId(customerId: string): string {
  if (/^[A-Za-z0-9_-]{1,20}$/.test(customerId)) return customerId;
  return createHash('sha256').update(customerId).digest('hex').slice(0, 20);
}

/** The PO number (25 characters) a charge carries for its idempotency key: the key's digest. */
export function keyReference(idempotencyKey: string): string {
  return `K${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

function billTo(holderName: string): { firstName?: string; lastName?: string } {
  const words = clean(holderName, 200).split(' ').filter(Boolean);
  const last = words.pop();
  if (!last) return {};
  const first = clean(words.join(' '), 50);
  return { ...(first ? { firstName: first } : {}), lastName: clean(last, 50) };
}

/** xsd customerPaymentProfileType: customerType, billTo, payment. */
function paymentProfile(card: CardDetails) {
  return {
    customerType: 'individual',
    billTo: billTo(card.holderName),
    payment: {
      creditCard: {
        cardNumber: card.number,
        expirationDate: `20${card.expiryYear.padStart(2, '0')}-${card.expiryMonth.padStart(2, '0')}`,
        cardCode: card.cvv,
      },
    },
  };
}

function auth(config: AuthorizeNetConfig) {
  return { name: config.apiLoginId, transactionKey: config.transactionKey };
}

const messageOf = (body: unknown) => firstOf(field(field(body, 'messages'), 'message'));
const resultOf = (body: unknown) => text(field(field(body, 'messages'), 'resultCode'));

/** The liveMode check's answer: "responseCode,subCode,reasonCode,reasonText,..." (comma-separated). */
function validation(body: unknown): { code: string | undefined; reason: string | undefined } {
  const raw =
    text(firstOf(field(body, 'validationDirectResponseList'))) ??
    text(field(body, 'validationDirectResponse'));
  const parts = raw?.split(',') ?? [];
  return { code: parts[0], reason: parts[3] };
}

function saved(card: CardDetails, profileId: string, paymentProfileId: string): SaveCardResult {
  return {
    status: 'saved',
    token: `${profileId}/${paymentProfileId}`,
    brand: cardBrandOf(card.number),
    last4: card.number.slice(-4),
    expiry: `${card.expiryMonth.padStart(2, '0')}/${card.expiryYear.padStart(2, '0')}`,
  };
}

/** A refusal of the card itself (the bank's decline in liveMode), or a refusal of the request. */
function refused(body: unknown, secrets: string[]): SaveCardResult {
  const check = validation(body);
  if (check.code === '2' || check.code === '3') {
    return { status: 'declined', message: shopperText(check.reason, secrets) ?? DECLINED };
  }
  const code = text(field(messageOf(body), 'code'));
  // E00027: the validation transaction was unsuccessful; E00013/E00014/E00015: a field is invalid.
  if (code === 'E00027') return { status: 'declined', message: DECLINED };
  if (code === 'E00013' || code === 'E00014' || code === 'E00015' || code === 'E00003') {
    return { status: 'declined', message: SAVE_FAILED };
  }
  return { status: 'error', message: SAVE_FAILED };
}

export function createAuthorizeNetVault(config: AuthorizeNetConfig, send: Send): CardVault {
  async function addToProfile(request: SaveCardRequest, profileId: string, secrets: string[]) {
    const body = JSON.stringify({
      createCustomerPaymentProfileRequest: {
        merchantAuthentication: auth(config),
        customerProfileId: profileId,
        paymentProfile: paymentProfile(request.card),
        validationMode: 'liveMode',
      },
    });
    const answer = await send(body, request.signal);
    if ('failed' in answer) return { status: 'error', message: NOT_SAVED } as const;
    const paymentProfileId = text(field(answer.body, 'customerPaymentProfileId'));
    const code = text(field(messageOf(answer.body), 'code'));
    // The same card on the same profile (E00039) is already saved: its id is in the answer.
    if (paymentProfileId && (resultOf(answer.body) === 'Ok' || code === 'E00039')) {
      return saved(request.card, profileId, paymentProfileId);
    }
    return refused(answer.body, secrets);
  }

  async function saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    const secrets = [request.card.number, request.card.cvv];
    const email = clean(request.email, 255);
    let body: string;
    try {
      body = JSON.stringify({
        createCustomerProfileRequest: {
          merchantAuthentication: auth(config),
          // xsd customerProfileType: merchantCustomerId, description, email, paymentProfiles.
          profile: {
            merchantCustomerId: merchantCustomerId(request.customerId),
            description: clean(`MediSupply customer ${request.customerId}`, 255),
            ...(email ? { email } : {}),
            paymentProfiles: paymentProfile(request.card),
          },
          validationMode: 'liveMode',
        },
      });
    } catch {
      return { status: 'error', message: NOT_SAVED };
    }
    const answer = await send(body, request.signal);
    if ('failed' in answer) return { status: 'error', message: NOT_SAVED };
    const profileId = text(field(answer.body, 'customerProfileId'));
    const paymentProfileId = text(firstOf(field(answer.body, 'customerPaymentProfileIdList')));
    if (resultOf(answer.body) === 'Ok' && profileId && paymentProfileId) {
      return saved(request.card, profileId, paymentProfileId);
    }
    const message = messageOf(answer.body);
    if (text(field(message, 'code')) === 'E00039') {
      // "A duplicate record with ID 1915886012 already exists.": the shopper's own profile.
      const existing = /ID\s+(\d{1,20})\b/.exec(text(field(message, 'text')) ?? '')?.[1];
      if (existing) return addToProfile(request, existing, secrets);
    }
    return refused(answer.body, secrets);
  }

  async function chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeResult> {
    const token = TOKEN.exec(request.token);
    if (!token) return { status: 'declined', message: NOT_ON_FILE };
    let body: string;
    try {
      const reference = clean(request.orderReference, 20);
      // xsd transactionRequestType: transactionType, amount, profile, order, poNumber, transactionSettings.
      body = JSON.stringify({
        createTransactionRequest: {
          merchantAuthentication: auth(config),
          refId: reference,
          transactionRequest: {
            transactionType: 'authCaptureTransaction',
            amount: formatAmount(request.amountCents),
            profile: { customerProfileId: token[1], paymentProfile: { paymentProfileId: token[2] } },
            order: { invoiceNumber: reference, description: clean(`MediSupply refill ${reference}`, 255) },
            poNumber: keyReference(request.idempotencyKey),
            transactionSettings: {
              setting: { settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) },
            },
          },
        },
      });
    } catch {
      return { status: 'error', message: 'The charge was not sent: its amount is not valid.' };
    }
    const answer = await send(body, request.signal);
    if ('failed' in answer) return { status: 'error', message: answer.failed };
    return interpretCharge(answer.body);
  }

  async function forgetCard(token: string): Promise<void> {
    const ids = TOKEN.exec(token);
    if (!ids) return;
    try {
      await send(
        JSON.stringify({
          deleteCustomerPaymentProfileRequest: {
            merchantAuthentication: auth(config),
            customerProfileId: ids[1],
            customerPaymentProfileId: ids[2],
          },
        }),
      );
    } catch {
      // Forgetting is best effort: a card left behind is never charged without its token.
    }
  }

  return { saveCard, chargeSavedCard, forgetCard };
}

/** Reason 11: a duplicate of a transaction within the window (answered with the first one's id). */
const DUPLICATE = '11';

export function interpretCharge(body: unknown): ChargeResult {
  const resultCode = resultOf(body);
  const transaction = field(body, 'transactionResponse');
  const responseCode = text(field(transaction, 'responseCode'));
  const transId = text(field(transaction, 'transId'));
  const authCode = text(field(transaction, 'authCode'))?.trim();
  const error = firstOf(field(transaction, 'errors'));
  const errorCode = text(field(error, 'errorCode'));
  const known = transId !== undefined && transId !== '0' && transId !== '';
  if (responseCode === '1') {
    return resultCode === 'Ok' && known
      ? { status: 'approved', transactionId: transId }
      : { status: 'error', message: UNCONFIRMED };
  }
  if (responseCode === '3' && errorCode === DUPLICATE) {
    // The same charge was made within the window: its first answer stands, and no money moves.
    if (known && authCode) return { status: 'approved', transactionId: transId };
    if (known) return { status: 'declined', message: DECLINED };
    return { status: 'error', message: UNCONFIRMED };
  }
  if (responseCode === '2') {
    return { status: 'declined', message: shopperText(text(field(error, 'errorText')), []) ?? DECLINED };
  }
  if (responseCode === '4') {
    return {
      status: 'error',
      message:
        'The charge is on hold for review by the payment processor, so it is not paid yet. ' +
        'Approve or decline it in Authorize.Net; do not charge the card again.',
    };
  }
  if (responseCode === '3') {
    return { status: 'error', message: shopperText(text(field(error, 'errorText')), []) ?? CHARGE_FAILED };
  }
  // E00040: the profile or payment profile is gone (deleted at Authorize.Net).
  if (resultCode === 'Error' && text(field(messageOf(body), 'code')) === 'E00040') {
    return { status: 'declined', message: NOT_ON_FILE };
  }
  if (resultCode === 'Error') return { status: 'error', message: CHARGE_FAILED };
  return { status: 'error', message: UNCONFIRMED };
}
