import { useEffect, useState } from 'react';
import { postJson } from '~/lib/api-client';
import type { CartLine } from '../cart/cart';
import type { ShippingChoice } from '../delivery/shipping-options';
import type { OrderQuote } from './quote';

export interface QuoteRequestState {
  /** False while the cart is still loading: nothing to ask yet. */
  enabled: boolean;
  lines: readonly CartLine[];
  /** An account's cart is read on the server; a guest's lines are sent. */
  account: boolean;
  promoCode: string | null;
  shipping: ShippingChoice;
  /** The destination state once known (a saved address, or the form's State). */
  state: string | null;
}

export interface QuoteState {
  quote: OrderQuote | null;
  /** A newer answer is on its way: the figures shown may change. */
  pending: boolean;
  failed: boolean;
}

/** Quantity steps and typing come in bursts: ask once they settle. */
const SETTLE_MS = 120;

/**
 * The server's figures for the cart as it is now. Every change of lines, code, option or state
 * asks again (the previous question is abandoned); the last answer stays on screen meanwhile.
 */
export function useOrderQuote(request: QuoteRequestState): QuoteState {
  const body = JSON.stringify({
    promoCode: request.promoCode,
    shipping: request.shipping,
    state: request.state || null,
    items: request.account
      ? []
      : request.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
  });
  // The account's lines are not sent, but a change of them changes the answer.
  const question = request.account
    ? `${body}|${request.lines.map((line) => `${line.product_id}:${line.quantity}`).join(',')}`
    : body;
  const [answer, setAnswer] = useState<{ for: string; quote: OrderQuote | null; failed: boolean }>({
    for: '',
    quote: null,
    failed: false,
  });

  useEffect(() => {
    if (!request.enabled) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void postJson<OrderQuote>('/api/checkout/quote', JSON.parse(body), { signal: controller.signal }).then(
        (result) => {
          if (controller.signal.aborted) return;
          setAnswer((last) =>
            result.ok && result.data
              ? { for: question, quote: result.data, failed: false }
              : { for: question, quote: last.quote, failed: true },
          );
        },
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, question, request.enabled]);

  return { quote: answer.quote, failed: answer.failed, pending: answer.for !== question };
}
