import { type AppLoadContext, data } from 'react-router';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { answer, invalidFields, postedFields } from '~/lib/form-action.server';
import { getSessionUser } from '~/lib/session.server';
import { cartCookieHeader, readCartCookie } from '../guest-cart-cookie';
import { type Outcome, addToAccountCart, addToCookieLines, matchLines } from './quick-order-cart.server';
import { readQuickOrderFile } from './quick-order-file.server';
import {
  itemsText,
  linesText,
  MAX_QUICK_LINES,
  QUICK_ORDER_INTENT,
  type QuickOrderAnswer,
  quickOrderFieldsSchema,
  readTypedLines,
  type RefusedLine,
  TOO_MANY_LINES,
} from './quick-order.schema';

/**
 * The action of /quick-order, whether the browser posts the form itself (multipart, for the
 * file) or the page's script does: every good line goes into the cart in one step, every bad
 * one is listed with its line and reason, and the list keeps the bad lines to fix.
 */
const intent = QUICK_ORDER_INTENT;

const refusedForm = (lines: string, fields: Record<string, string>) =>
  data<QuickOrderAnswer>({ intent, ok: false, fields, values: { lines } }, { status: 400 });

/** The summary above the list of refused lines. */
function summary(added: number, refused: number): string {
  if (refused === 0) return `${itemsText(added)} added to your cart.`;
  const head = added > 0 ? `${itemsText(added)} added to your cart` : 'Nothing was added to your cart';
  return `${head}; ${linesText(refused)} could not be added:`;
}

const byPlace = (a: RefusedLine, b: RefusedLine) =>
  a.source === b.source ? a.line - b.line : a.source === 'list' ? -1 : 1;

export async function quickOrderAction({ context, request }: { context: AppLoadContext; request: Request }) {
  const form = await request.formData();
  const fields = postedFields(form);
  const typed = fields.lines ?? '';
  const parsed = quickOrderFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    // A field the form does not have comes from a hand-made or outdated page: say so above it.
    const foreign = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
    const message = foreign
      ? 'This form could not be read: please reload the page and try again.'
      : undefined;
    return invalidFields<QuickOrderAnswer>(
      { intent, message, values: { lines: typed } },
      parsed.error.issues,
    );
  }
  const listed = readTypedLines(parsed.data.lines);
  if (listed.length > MAX_QUICK_LINES) return refusedForm(typed, { lines: TOO_MANY_LINES });
  const file = await readQuickOrderFile(form.get('file'));
  if (!file.ok) return refusedForm(typed, { file: file.message });
  const lines = [...listed, ...file.lines];
  if (lines.length === 0)
    return refusedForm(typed, { lines: 'Please write at least one SKU, or choose a CSV file.' });

  // Fresh, as the cart's own action: a signed-out session must not change the account cart.
  const user = await getSessionUser(context, request, { fresh: true });
  const { services } = context;
  const catalogue = catalogueOf(services);
  const { wanted, refused } = await matchLines(services, catalogue, lines);
  const outcome: Outcome = { added: 0, refused, notes: [] };
  const headers = new Headers();
  let guestLines: QuickOrderAnswer['guestLines'];
  if (user) {
    await addToAccountCart(services, catalogue, user.id, wanted, outcome);
    // Other tabs and devices read the cart again; not awaited, as for every cart change.
    if (outcome.added > 0) void services.cartEvents.publish(user.id).catch(() => undefined);
  } else {
    const next = addToCookieLines(readCartCookie(request.headers.get('Cookie')), wanted, outcome);
    headers.append('Set-Cookie', cartCookieHeader(next, services.env.isHttps));
    guestLines = next.flatMap(({ productId, quantity }) => {
      const product = catalogue.getProduct(productId);
      if (!product) return [];
      const { id, name, price, image } = product;
      return [{ id, product_id: id, name, price, quantity, image_url: image }];
    });
  }
  outcome.refused.sort(byPlace);
  const badText = new Set(outcome.refused.map((line) => `${line.source}:${line.line}`));
  const keep = lines.filter((line) => badText.has(`${line.source}:${line.line}`)).map((line) => line.text);
  return answer<QuickOrderAnswer>(
    {
      intent,
      ok: outcome.refused.length === 0,
      message: summary(outcome.added, outcome.refused.length),
      added: outcome.added,
      refused: outcome.refused,
      notes: outcome.notes,
      guestLines,
      values: { lines: keep.join('\n') },
    },
    { status: outcome.added === 0 ? 400 : 200, headers },
  );
}
