import { CARD_BRAND_LABELS, detectCardBrand } from '../../app/commerce/checkout/checkout';

/**
 * One interface for every payment processor. The checkout code only ever sees these types:
 * the amount always comes from the stored order, never from the client, and the card or
 * bank details live only as long as one charge call (never stored, never logged).
 */

export interface CardDetails {
  /** Digits only, 13-19. */
  number: string;
  /** '01'-'12'. */
  expiryMonth: string;
  /** Last two digits of the year, '00'-'99'. */
  expiryYear: string;
  /** Digits only, 3-4. */
  cvv: string;
  holderName: string;
}

export interface BankAccountDetails {
  holderName: string;
  /** Nine digits passing the ABA checksum. */
  routingNumber: string;
  /** Digits only, 4-17. */
  accountNumber: string;
  accountType: 'checking' | 'savings';
}

export type ChargeSource =
  { method: 'card'; card: CardDetails } | { method: 'bank_transfer'; bank: BankAccountDetails };

export interface ChargeRequest {
  /** Our customer-facing order reference (MS-...), sent to the processor as the invoice number. */
  orderReference: string;
  /** Integer cents, USD. */
  amountCents: number;
  email: string;
  source: ChargeSource;
  /**
   * Authorise only: the card's bank holds the amount, nothing is taken until capture() (or a
   * refund of the whole amount voids it). Cards only. For orders staff must approve first.
   */
  authorizeOnly?: boolean;
  /** Aborts the remote call (time limit or server shutdown). */
  signal?: AbortSignal;
}

export interface CaptureRequest {
  /** The processor's id of the authorisation (orders.transaction_id). */
  transactionId: string;
  orderReference: string;
  /** Integer cents: the amount authorised. */
  amountCents: number;
  signal?: AbortSignal;
}

export type CaptureResult =
  /** The authorised amount is taken now; the id to refund it by. */
  | { status: 'captured'; transactionId: string }
  /** The processor refused (the authorisation expired or was voided): `message` is for staff. */
  | { status: 'declined'; message: string }
  /** Not reached or no clear answer: staff may try again (a second capture of one authorisation is refused). */
  | { status: 'error'; message: string };

/** A refund whose money went back (refunded or voided). */
export type RefundDone = Extract<RefundResult, { transactionId: string }>;
export const refundDone = (result: RefundResult): result is RefundDone => 'transactionId' in result;

export type ChargeResult =
  /**
   * The money was taken (or, for a bank transfer, the debit was accepted for settlement); with
   * `authorizeOnly`, the amount is held for capture().
   */
  | { status: 'approved'; transactionId: string }
  /** The processor refused this card or account: show `message` to the shopper; they may retry. */
  | { status: 'declined'; message: string }
  /** The processor could not be reached or answered with an error: nothing is known to be charged. */
  | { status: 'error'; message: string };

export interface PaymentGateway {
  readonly name: 'test' | 'authorizenet' | 'none';
  /** True when no real money moves (the test gateway): the checkout dialog says so. */
  readonly mock: boolean;
  /** False for `none`: checkout answers 'Payments are not configured ...'. */
  readonly configured: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Takes an authorisation's amount (charge with `authorizeOnly`). */
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Gives money back; the whole of an authorisation or an unsettled charge is voided. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Saved cards for refill plans; undefined where the processor cannot keep them. */
  readonly vault?: CardVault;
}

export interface RefundRequest {
  /** The processor's id of the original charge (orders.transaction_id). */
  transactionId: string;
  /** Our order reference (MS-...), sent as the invoice number. */
  orderReference: string;
  /** Integer cents to give back, > 0 and <= chargedCents. */
  amountCents: number;
  /** Integer cents of the original charge: giving all of it back may be done as a void while the charge is unsettled. */
  chargedCents: number;
  method: 'card' | 'bank_transfer';
  /** Last four digits of the card or account charged (Authorize.Net asks for them); null if unknown. */
  last4: string | null;
  signal?: AbortSignal;
}

export type RefundResult =
  /** Money goes back: 'refunded' (a credit against a settled charge) or 'voided' (the unsettled charge cancelled, nothing taken). */
  | { status: 'refunded' | 'voided'; transactionId: string }
  /** The processor said no (e.g. a part refund of an unsettled charge): `message` is for staff. */
  | { status: 'declined'; message: string }
  /** Not reached or no clear answer: nothing is known to have been refunded; staff may try again. */
  | { status: 'error'; message: string };

/**
 * Saving a card for later charges (refill plans, docs/decisions/0064): the processor keeps the
 * card (Authorize.Net customer and payment profiles; the test gateway the same way) and gives
 * back a token. We keep the token, the brand, the last four digits and the expiry, never the card.
 */
export interface SaveCardRequest {
  /** Our id of the shopper (the processor's merchantCustomerId). */
  customerId: string;
  email: string;
  card: CardDetails;
  signal?: AbortSignal;
}

export type SaveCardResult =
  | { status: 'saved'; token: string; brand: string | null; last4: string; expiry: string }
  /** The processor refused the card: `message` is for the shopper. */
  | { status: 'declined'; message: string }
  | { status: 'error'; message: string };

export interface SavedCardChargeRequest {
  /** The token saveCard gave. */
  token: string;
  orderReference: string;
  amountCents: number;
  email: string;
  /**
   * One key per thing that must be charged once (a refill plan's cycle and attempt): the
   * processor answers a repeat with the first charge's result and takes nothing more.
   */
  idempotencyKey: string;
  signal?: AbortSignal;
}

/**
 * The card's brand as a saved card shows it ('Visa'), from its number; null when unknown. The
 * checkout's own rule (2-series Mastercard, Discover's ranges), named as orders name it.
 */
export function cardBrandOf(number: string): string | null {
  const brand = detectCardBrand(number);
  return brand === 'card' ? null : CARD_BRAND_LABELS[brand];
}

/** The saved-card side of a gateway (absent on one that cannot save cards). */
export interface CardVault {
  saveCard(request: SaveCardRequest): Promise<SaveCardResult>;
  chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeResult>;
  /** The processor forgets the card (a plan cancelled, an account deleted); never throws. */
  forgetCard(token: string): Promise<void>;
}
