import type { CardDetails } from '#server/payments/gateway';
import type { SavedCardInput } from '~/commerce/checkout/card.schema';
import { REFILL_TEXT } from '~/commerce/refills/refill-plans';

/** The form's card as the gateway's vault takes it (for saveCard only: never stored or logged). */
export function cardOf(card: SavedCardInput): CardDetails {
  return {
    number: card.cardNumber,
    expiryMonth: card.cardExpiryMonth,
    expiryYear: card.cardExpiryYear,
    cvv: card.cardCode,
    holderName: card.cardholderName,
  };
}

export const CARD_NOT_SAVED = REFILL_TEXT.cardNotSaved;
