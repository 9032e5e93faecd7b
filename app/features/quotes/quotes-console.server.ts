import { type AppLoadContext, data } from 'react-router';
import type { QuoteStatus } from '#server/db/schema';
import { pageParam } from '~/console/console';
import { easternOffsetMinutes } from '~/lib/store-time';
import { requireStaff } from '~/console/staff-access.server';
import { QUOTE_STATUSES } from '~/commerce/quotes';
import { answer, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { answerQuote, postQuoteMessage, type QuoteWriteDeps } from './quote-writes.server';
import { findQuote, QuoteError, quoteView, summaries } from './quotes.server';
import { postedMessage } from './quote-message.server';
import { endOfEasternDay, expirySchema, messageSchema, quotedPriceSchema } from './quotes.schema';

/** The console's quotes (docs/decisions/0059): the queue, one quote's page and staff's forms. */
export const QUOTES_PAGE_SIZE = 50;

const STATUS_IDS = Object.keys(QUOTE_STATUSES) as QuoteStatus[];

const writeDeps = (context: AppLoadContext): QuoteWriteDeps => ({
  db: context.services.database.db,
  mail: context.services.mail,
  appUrl: context.services.env.APP_URL,
  storeEmail: context.services.env.STORE_EMAIL,
});

/** The queue: oldest first, of one stored status or all (waiting for prices first by default). */
export async function quotesQueueData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const url = new URL(request.url);
  const status = STATUS_IDS.find((s) => s === url.searchParams.get('status')) ?? null;
  const page = pageParam(url.searchParams.get('page'));
  let query = db.selectFrom('quotes').selectAll();
  if (status) query = query.where('status', '=', status);
  const rows = await query
    .orderBy('created_at')
    .orderBy('id')
    .limit(QUOTES_PAGE_SIZE + 1)
    .offset((page - 1) * QUOTES_PAGE_SIZE)
    .execute();
  return {
    status,
    page,
    hasNext: rows.length > QUOTES_PAGE_SIZE,
    quotes: await summaries(db, rows.slice(0, QUOTES_PAGE_SIZE)),
  };
}

export async function quoteConsoleData(context: AppLoadContext, request: Request, reference: string) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const row = await findQuote(db, reference.toUpperCase());
  if (!row) throw data(null, { status: 404 });
  return { quote: await quoteView(db, row) };
}

/** Price (answer) and write; each mails the shopper through the outbox and is audited. */
export async function quoteConsoleAction(context: AppLoadContext, request: Request, reference: string) {
  const staff = await requireStaff(context, request);
  const { db } = context.services.database;
  const row = await findQuote(db, reference.toUpperCase());
  if (!row) throw data(null, { status: 404 });
  const actor = { id: staff.id, email: staff.email };
  return runIntent(
    { context, request },
    {
      async message({ form }) {
        const posted = postedMessage(form);
        if ('refused' in posted) return posted.refused;
        await postQuoteMessage(writeDeps(context), row, { kind: 'staff', actor }, posted.message);
        return answer<FormAnswer>({
          intent: 'message',
          ok: true,
          message: 'Message sent; the shopper is mailed.',
        });
      },
      async answer({ form }) {
        const view = await quoteView(db, row);
        const fields: Record<string, string> = {};
        const values: Record<string, string> = {};
        const prices: Record<string, number> = {};
        for (const line of view.lines) {
          const name = `price-${line.id}`;
          const raw = String(form.get(name) ?? '');
          values[name] = raw;
          const parsed = quotedPriceSchema.safeParse(raw);
          if (parsed.success) prices[line.id] = parsed.data;
          else fields[name] = `${parsed.error.issues[0]?.message ?? 'Enter a unit price'} for ${line.name}`;
        }
        const rawExpiry = String(form.get('expires') ?? '');
        const rawMessage = String(form.get('message') ?? '');
        values.expires = rawExpiry;
        values.message = rawMessage;
        const expiry = expirySchema.safeParse(rawExpiry);
        const expiresAt = expiry.success ? endOfEasternDay(expiry.data, easternOffsetMinutes) : null;
        if (!expiry.success) fields.expires = expiry.error.issues[0]?.message ?? 'Choose a date';
        else if (expiresAt === null) fields.expires = 'Choose a real date, as YYYY-MM-DD';
        // The end of today has not passed, but a quote that lapses tonight leaves no time to buy.
        else if (expiresAt - Date.now() < 24 * 60 * 60 * 1000) fields.expires = 'Choose a day after today';
        const body = messageSchema.safeParse(rawMessage);
        if (!body.success) fields.message = body.error.issues[0]?.message ?? 'Write your message';
        if (Object.keys(fields).length > 0 || expiresAt === null || !body.success)
          return data(
            {
              intent: 'answer',
              ok: false,
              message: 'Please correct the fields marked below.',
              fields,
              values,
            },
            { status: 400 },
          );
        try {
          await answerQuote(writeDeps(context), actor, row, { prices, expiresAt, message: body.data });
        } catch (error) {
          if (!(error instanceof QuoteError)) throw error;
          return answer<FormAnswer>({ intent: 'answer', ok: false, message: error.message }, { status: 409 });
        }
        return answer<FormAnswer>({
          intent: 'answer',
          ok: true,
          message: `Quote ${row.reference} priced; the shopper is mailed the prices.`,
        });
      },
    },
  );
}
