import { type MailContent, renderMail } from '#server/mail/layout';
import { formatPrice } from '~/commerce/money';
import { quoteExpiryDate } from '~/commerce/quotes';
import { STORE } from '~/lib/store-info';
import type { QuoteView } from './quotes.server';

/**
 * The quotes' mails (docs/decisions/0059), each queued on the outbox in the transaction of the
 * change it tells of: to the store when a shopper asks or writes, to the shopper when staff
 * answer with prices or write.
 */
const units = (quote: QuoteView) =>
  quote.lines.map((line) => ({ label: `${line.quantity} x ${line.name}`, value: 'Units asked' }));

export function quoteRequestedMail(quote: QuoteView, email: string, consoleUrl: string): MailContent {
  return {
    subject: `Quote request ${quote.reference} from ${email}`,
    ...renderMail(STORE, {
      title: `Quote request ${quote.reference}`,
      preheader: `${email} asks for prices on ${quote.lines.length} products.`,
      paragraphs: [
        `${email} asks for a quote for delivery to ${quote.address.city}, ${quote.address.state}.`,
        `Their message: ${quote.messages[0]?.body ?? ''}`,
      ],
      rows: units(quote),
      action: { label: 'Price it in the console', url: consoleUrl },
    }),
  };
}

export function quoteMessageToStoreMail(quote: QuoteView, email: string, body: string, consoleUrl: string) {
  return {
    subject: `New message on quote ${quote.reference}`,
    ...renderMail(STORE, {
      title: `${email} wrote about quote ${quote.reference}`,
      preheader: body.slice(0, 90),
      paragraphs: [body],
      action: { label: 'Answer in the console', url: consoleUrl },
    }),
  } satisfies MailContent;
}

export function quoteAnsweredMail(quote: QuoteView, message: string, quoteUrl: string): MailContent {
  const expiry = quote.expiresAt === null ? '' : quoteExpiryDate(quote.expiresAt);
  return {
    subject: `Your ${STORE.name} quote ${quote.reference} is ready`,
    ...renderMail(STORE, {
      title: 'Your quote is ready',
      preheader: `Prices for quote ${quote.reference}, good through ${expiry}.`,
      paragraphs: [
        `We have priced your quote ${quote.reference}. The prices hold through ${expiry}.`,
        message,
        'Accept it on the quote page to place the order at these prices, then pay for it there.',
      ],
      rows: quote.lines.map((line) => ({
        label: `${line.quantity} x ${line.name}`,
        value: `${formatPrice(line.quotedPrice ?? 0)} each`,
      })),
      action: { label: 'See your quote', url: quoteUrl },
      footnote: `Questions? Write to us on the quote page or call ${STORE.phone}.`,
    }),
  };
}

export function quoteMessageToShopperMail(quote: QuoteView, body: string, quoteUrl: string): MailContent {
  return {
    subject: `A message about your ${STORE.name} quote ${quote.reference}`,
    ...renderMail(STORE, {
      title: `About your quote ${quote.reference}`,
      preheader: body.slice(0, 90),
      paragraphs: [body],
      action: { label: 'Read and answer', url: quoteUrl },
    }),
  };
}
