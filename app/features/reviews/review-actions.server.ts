import { type AppLoadContext, data, redirect } from 'react-router';
import { invalidFields, runIntent } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { type ReviewAnswer, reviewSchema } from './review.schema';
import { findReviewableLine, ownReviews, saveReview } from './reviews.server';

/** The URL's order and product: the line reviewed, or the not-found page for anyone else's. */
async function lineOf(
  context: AppLoadContext,
  request: Request,
  params: { reference: string; productId: string },
) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const line = await findReviewableLine(db, user.id, params.reference.toUpperCase(), params.productId);
  // Another's order, one not delivered yet, a product it does not hold: as if it did not exist.
  if (!line) throw data(null, { status: 404 });
  return { user, db, line };
}

/** /account/orders/:reference/review/:productId: the line and the buyer's review of it, if any. */
export async function reviewPageData(
  context: AppLoadContext,
  request: Request,
  params: { reference: string; productId: string },
) {
  const { user, db, line } = await lineOf(context, request, params);
  const own = (await ownReviews(db, user.id, [line.productId])).get(line.productId) ?? null;
  return { line: { reference: line.reference, productId: line.productId, name: line.name }, own };
}

/**
 * Stores the review (or the buyer's new version of it) and goes back to the order, which says
 * thank you. Bad input: the same page with a message per field, and nothing stored.
 */
export async function reviewAction(
  context: AppLoadContext,
  request: Request,
  params: { reference: string; productId: string },
) {
  const { user, db, line } = await lineOf(context, request, params);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async review({ form }) {
        const values = textFields(form, ['rating', 'title', 'body']);
        const parsed = reviewSchema.safeParse(values);
        if (!parsed.success) {
          return invalidFields<ReviewAnswer>(
            { intent: 'review', values, message: 'Your review was not sent: please correct what is marked.' },
            parsed.error.issues,
          );
        }
        const { replaced } = await saveReview(db, user.id, line, parsed.data);
        // A published review replaced leaves the product page until checked again.
        if (replaced) await catalogueStore(context.services).changed([line.productId]);
        throw redirect(`/account/orders/${line.reference}?reviewed=${encodeURIComponent(line.productId)}`);
      },
    },
  );
}
