import { type MailContent, type MailRow, renderMail } from '#server/mail/layout';
import { formatPrice } from '~/commerce/money';
import { STORE } from '~/lib/store-info';
import { formatDay } from './refill-dates';

/**
 * The mails of a refill plan's cycles (docs/decisions/0065): the reminder with its one-click
 * links, a price change, a decline, the plan paused after the last decline, a delivery waiting
 * for stock, a prescription to renew. Plain words; every date is the store's day, written out.
 */
export interface CycleMailFacts {
  firstName: string | null;
  /** The cycle's date (YYYY-MM-DD). */
  dueDate: string;
  lines: { name: string; quantity: number; unitPrice: number }[];
  card: { brand: string | null; last4: string | null };
  /** The shopper's refill plans page. */
  plansUrl: string;
}

const greeting = (facts: CycleMailFacts) => (facts.firstName ? `Hello ${facts.firstName},` : 'Hello,');

const cardText = ({ card }: CycleMailFacts) =>
  card.last4 ? `your ${card.brand ?? 'card'} ending in ${card.last4}` : 'your saved card';

const lineRows = (facts: CycleMailFacts): MailRow[] =>
  facts.lines.map((line) => ({
    label: `${line.quantity} x ${line.name}`,
    value: formatPrice(line.unitPrice * line.quantity),
  }));

const help = `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail}.`;

export interface ReminderLinks {
  skip: string;
  date: string;
  cancel: string;
}

/** 3 days before a cycle: what will be sent and charged, and the three one-click links. */
export function refillReminderMail(
  facts: CycleMailFacts,
  links: ReminderLinks,
  total: number | null,
): MailContent {
  const day = formatDay(facts.dueDate);
  const rows = lineRows(facts);
  if (total !== null)
    rows.push({ label: 'Total with shipping and tax', value: formatPrice(total), strong: true });
  return {
    subject: `Your next refill is on ${day}`,
    ...renderMail(STORE, {
      title: 'Your next refill is coming up',
      preheader: `On ${day} we send your refill and charge ${cardText(facts)}.`,
      paragraphs: [
        greeting(facts),
        `On ${day} we will send the refill below and charge ${cardText(facts)}.`,
        'Nothing to do if that suits you. If not, use a link below: each one asks you to confirm first, and works until the delivery is sent.',
      ],
      rows,
      links: [
        { label: 'Skip this delivery', url: links.skip },
        { label: 'Change the date of this delivery', url: links.date },
        { label: 'Cancel my refill plan', url: links.cancel },
        { label: 'See my refill plans', url: facts.plansUrl },
      ],
      footnote: help,
    }),
  };
}

export interface PriceChange {
  name: string;
  before: number;
  after: number;
}

/** Before the cycle a price change affects: each line's old and new price. */
export function refillPriceChangeMail(facts: CycleMailFacts, changes: PriceChange[]): MailContent {
  const day = formatDay(facts.dueDate);
  return {
    subject: `A price in your refill has changed`,
    ...renderMail(STORE, {
      title: 'A price in your refill has changed',
      preheader: `Your refill on ${day} is charged at the new price.`,
      paragraphs: [
        greeting(facts),
        `The price of ${changes.length === 1 ? 'an item' : 'some items'} in your refill has changed. Your refill on ${day} is charged at the new price:`,
        'To skip that delivery or cancel the plan, use the links in your reminder mail or your account.',
      ],
      rows: changes.map((change) => ({
        label: change.name,
        value: `${formatPrice(change.before)} now ${formatPrice(change.after)} each`,
      })),
      action: { label: 'See my refill plans', url: facts.plansUrl },
      footnote: help,
    }),
  };
}

/** A cycle's charge was declined: when it is tried again (null: not again, the plan pauses). */
export function refillDeclinedMail(
  facts: CycleMailFacts,
  message: string,
  nextTry: string | null,
): MailContent {
  const day = formatDay(facts.dueDate);
  return {
    subject: nextTry ? 'We could not charge your card for your refill' : 'Your refill plan is paused',
    ...renderMail(STORE, {
      title: nextTry ? 'We could not charge your card' : 'Your refill plan is paused',
      preheader: nextTry
        ? `We will try again on ${formatDay(nextTry)}.`
        : 'We tried four times and could not charge your card.',
      paragraphs: [
        greeting(facts),
        `We tried to charge ${cardText(facts)} for your refill due on ${day}, and the payment was declined: ${message}`,
        nextTry
          ? `We will try again on ${formatDay(nextTry)}. If your card has changed, please update it in your account before then.`
          : 'We have tried four times, so we paused your refill plan: nothing more is sent or charged until you resume it. Please check your card in your account, then resume the plan.',
      ],
      rows: lineRows(facts),
      action: { label: 'See my refill plans', url: facts.plansUrl },
      footnote: help,
    }),
  };
}

/** A line is out of stock on the cycle's date: the delivery waits, and is sent when it is back. */
export function refillWaitingStockMail(facts: CycleMailFacts, message: string): MailContent {
  const day = formatDay(facts.dueDate);
  return {
    subject: 'Your refill is delayed',
    ...renderMail(STORE, {
      title: 'Your refill is delayed',
      preheader: message,
      paragraphs: [
        greeting(facts),
        `Your refill due on ${day} is waiting: ${message}`,
        'We check every day and send it, and charge your card, as soon as everything is back in stock. You do not need to do anything.',
      ],
      rows: lineRows(facts),
      action: { label: 'See my refill plans', url: facts.plansUrl },
      footnote: help,
    }),
  };
}

/** A prescription line would not be covered on the cycle's date: the shopper is asked to renew. */
export function refillRenewalMail(
  facts: CycleMailFacts,
  products: { name: string; coveredUntil: string | null }[],
): MailContent {
  const day = formatDay(facts.dueDate);
  return {
    subject: 'Your prescription needs renewing for your next refill',
    ...renderMail(STORE, {
      title: 'Your prescription needs renewing',
      preheader: `Your refill on ${day} needs a prescription valid on that day.`,
      paragraphs: [
        greeting(facts),
        `Your refill on ${day} includes items that need a prescription valid on that day, and the one we have will not cover it.`,
        'Please send us a new prescription: order the item once with the new prescription, or call us and we will help. Your refill waits until we have it, and nothing is charged before.',
      ],
      rows: products.map((product) => ({
        label: product.name,
        value: product.coveredUntil
          ? `covered until ${formatDay(product.coveredUntil)}`
          : 'no prescription on file',
      })),
      action: { label: 'See my refill plans', url: facts.plansUrl },
      footnote: help,
    }),
  };
}
