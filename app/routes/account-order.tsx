import { data } from 'react-router';
import { requireUser } from '~/lib/session.server';
import { OrderDetail } from '~/features/orders/components/order-detail';
import { findVisibleOrder } from '~/commerce/organisations/organisation-orders.server';
import { PrescriptionSummary } from '~/features/prescriptions/components/prescription-summary';
import { prescriptionOf } from '~/commerce/prescriptions/prescriptions.server';
import { statementPath } from '~/commerce/prescriptions/prescriptions';
import { hasInsuranceStatement } from '~/commerce/orders/insurance-statement.server';
import { InsuranceStatementLink } from '~/features/prescriptions/components/insurance-statement-link';
import { ReviewLine, ReviewThanks } from '~/features/reviews/components/review-line';
import { isReviewable, type OwnReview, REVIEW_THANKS } from '~/features/reviews/reviews';
import { ownReviews } from '~/features/reviews/reviews.server';
import { pageTitle } from '~/lib/store-info';
import { runIntent } from '~/lib/form-action.server';
import { OrderReturns } from '~/features/orders/components/order-returns';
import { orderOrganisation } from '~/features/orders/order-organisation.server';
import { orderReturnsData, requestReturnAction } from '~/features/orders/returns-shopper.server';
import { approvedPaymentSession } from '~/features/checkout/approved-payment.server';
import { PayApprovedOrder } from '~/features/checkout/components/pay-approved-order';
import type { Route } from './+types/account-order';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const found = await findVisibleOrder(db, user.id, params.reference.toUpperCase());
  // Someone else's order looks exactly like one that does not exist.
  if (!found) throw data(null, { status: 404 });
  const { order, row } = found;
  const organisation = await orderOrganisation(db, row);
  // An organisation's admin or approver reads a colleague's order: no returns or reviews of theirs.
  if (!found.own)
    return {
      order,
      organisation,
      reviewable: false,
      reviews: {} as Record<string, Pick<OwnReview, 'status' | 'reason'>>,
      thanked: false,
      prescription: null,
      statement: false,
      returns: null,
    };
  // A delivered order's lines can be reviewed: what became of each review so far.
  const reviewable = isReviewable(order);
  const own = reviewable
    ? await ownReviews(
        db,
        user.id,
        order.items.map((item) => item.productId),
      )
    : undefined;
  const reviews = Object.fromEntries(
    [...(own ?? [])].map(([productId, review]) => [
      productId,
      { status: review.status, reason: review.reason },
    ]),
  );
  // Back from the review form: thanked while that review waits for staff.
  const reviewed = new URL(request.url).searchParams.get('reviewed') ?? '';
  // The rest from the order's row read above, side by side (PostgreSQL's round trips overlap).
  const [prescription, returns, payment] = await Promise.all([
    prescriptionOf(db, context.services.healthData, row.id),
    orderReturnsData(db, row),
    // Approved by the organisation's approver and not paid yet: the page offers "Pay now".
    approvedPaymentSession(db, row, context.services.payments.mock),
  ]);
  return {
    payment,
    order,
    organisation,
    reviewable,
    reviews,
    thanked: reviews[reviewed]?.status === 'pending',
    prescription,
    // The insurance statement carries health data: the buyer's own order only (docs/decisions/0063).
    statement: hasInsuranceStatement(order, prescription),
    returns,
  };
}

/** The order page's one form of its own: a return request (posts here, with or without scripts). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  return runIntent(
    { context, request },
    { return: ({ form }) => requestReturnAction(context, user.id, params.reference.toUpperCase(), form) },
  );
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaded ? `Order ${loaded.order.reference}` : 'Order') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, organisation, reviewable, reviews, thanked, prescription, statement, returns, payment } =
    loaderData;
  return (
    <OrderDetail
      order={order}
      organisation={organisation}
      after={returns ? <OrderReturns {...returns} /> : null}
      notice={thanked ? <ReviewThanks text={REVIEW_THANKS} /> : null}
      lineExtra={
        reviewable
          ? (item) => (
              <ReviewLine
                reference={order.reference}
                productId={item.productId}
                name={item.name}
                review={reviews[item.productId]}
              />
            )
          : undefined
      }
    >
      {payment ? <PayApprovedOrder session={payment} /> : null}
      {prescription ? <PrescriptionSummary reference={order.reference} prescription={prescription} /> : null}
      {statement ? <InsuranceStatementLink href={statementPath(order.reference)} /> : null}
    </OrderDetail>
  );
}
