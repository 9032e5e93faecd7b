import { addressLines } from '~/commerce/delivery/address-book';
import { shippingOptionOf, shippingOptionText } from '~/commerce/delivery/shipping-options';
import { formatPrice } from '~/commerce/money';
import { formatDay } from '~/commerce/refills/refill-dates';
import {
  intervalText,
  REFILL_STATUS_TEXT,
  type RefillPlanView,
  savedCardText,
} from '~/commerce/refills/refill-plans';

const CHANGED_BY = { shopper: 'by you', staff: 'by our team', system: 'by the store' } as const;

/** What a plan is: its lines, schedule, address, shipping, card and state (the account and the console). */
export function PlanDetails({
  plan,
  headingLevel: Heading,
  shopperView = true,
}: {
  plan: RefillPlanView;
  headingLevel: 'h2' | 'h3';
  /** The console says "by the customer" where the shopper reads "by you". */
  shopperView?: boolean;
}) {
  const title = plan.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  const changedBy = plan.changedBy
    ? plan.changedBy === 'shopper' && !shopperView
      ? 'by the customer'
      : CHANGED_BY[plan.changedBy]
    : null;
  // One text (a screen reader reads it as one, and so does a search of the page).
  const statusLine = [
    REFILL_STATUS_TEXT[plan.status],
    plan.status !== 'active' && changedBy ? ` ${changedBy}` : '',
    plan.status !== 'active' && plan.reason ? `: ${plan.reason}` : '',
  ].join('');
  return (
    <div>
      <Heading className="text-xl font-bold">{title}</Heading>
      <p className={`mt-1 font-bold ${plan.status === 'active' ? 'text-success' : 'text-danger'}`}>
        {statusLine}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-bold">Delivery</dt>
        <dd>{intervalText(plan.intervalWeeks)}</dd>
        {plan.status !== 'cancelled' ? (
          <>
            <dt className="font-bold">Next delivery</dt>
            <dd>{formatDay(plan.nextDate)}</dd>
          </>
        ) : null}
        <dt className="font-bold">Each delivery</dt>
        <dd>
          {plan.lines.map((line) => (
            <span key={line.productId} className="block">
              <a href={line.link} className="underline underline-offset-2">
                {line.name}
              </a>
              {`: ${line.quantity} × ${formatPrice(line.unitPrice)}`}
            </span>
          ))}
          <span className="block text-sm">Plus shipping and any sales tax, charged when it is sent.</span>
        </dd>
        <dt className="font-bold">Ship to</dt>
        <dd>
          {addressLines(plan.address).map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </dd>
        <dt className="font-bold">Shipping</dt>
        <dd>{shippingOptionText(shippingOptionOf(plan.shippingOption))}</dd>
        <dt className="font-bold">Card</dt>
        <dd>{plan.card ? savedCardText(plan.card) : 'None'}</dd>
      </dl>
    </div>
  );
}
