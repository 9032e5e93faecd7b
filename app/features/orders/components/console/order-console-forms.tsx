import { Form, useActionData, useNavigation } from 'react-router';
import { answeredField } from '~/lib/form-answer';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField, TextAreaField } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
import { nextSteps } from '~/commerce/order-moves';
import { CARRIER_IDS, CARRIERS, lineRefundAmount } from '~/commerce/orders/fulfilment';
import type { OrderConsoleAnswer } from '../../order-console-actions.server';
import type { OrderView } from '~/commerce/orders/orders';

/** The answer of one of this page's forms, if it was the last one sent. */
function useAnswer(intent: string): OrderConsoleAnswer | undefined {
  const answer = useActionData<OrderConsoleAnswer>();
  return answer?.intent === intent ? answer : undefined;
}

function Pending({
  intent,
  label,
  busy,
  className = primaryButton,
}: {
  intent: string;
  label: string;
  busy: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={pending}>
      {pending ? busy : label}
    </button>
  );
}

export function FulfilmentForms({ order }: { order: OrderView }) {
  const steps = nextSteps(order);
  const ship = useAnswer('ship');
  if (!steps.pack && !steps.ship && !steps.deliver && !steps.cancel) {
    return <p>No delivery step is open for this order.</p>;
  }
  return (
    <div className="space-y-4">
      {steps.pack || steps.deliver || steps.cancel ? (
        <Form method="post" className="flex flex-wrap gap-2">
          {steps.pack ? <Pending intent="pack" label="Mark packed" busy="Marking packed…" /> : null}
          {steps.deliver ? (
            <Pending intent="deliver" label="Mark delivered" busy="Marking delivered…" />
          ) : null}
          {steps.cancel ? (
            <Pending
              intent="cancel"
              label="Cancel this unpaid order"
              busy="Cancelling…"
              className={secondaryButton}
            />
          ) : null}
        </Form>
      ) : null}
      {steps.ship ? (
        <Form method="post" className="grid gap-4 sm:grid-cols-3 sm:items-end" aria-label="Ship the order">
          <SelectField
            label="Carrier"
            placeholder="Choose…"
            options={CARRIER_IDS.map((id) => [id, CARRIERS[id].name])}
            {...answeredField(ship, 'carrier')}
            required
          />
          <Field
            label="Tracking number"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            {...answeredField(ship, 'trackingNumber')}
            required
          />
          <div>
            <Pending intent="ship" label="Mark shipped" busy="Marking shipped…" />
          </div>
        </Form>
      ) : null}
    </div>
  );
}

export function RefundForm({ order, refundKey }: { order: OrderView; refundKey: string }) {
  const answer = useAnswer('refund');
  if (!nextSteps(order).refund) return <p>Only a paid order can be refunded.</p>;
  const remaining = order.total - order.refundedTotal;
  const open = order.items.filter((item) => item.quantity > item.refundedQuantity);
  return (
    <div className="space-y-6">
      <Form method="post" className="space-y-2">
        <input type="hidden" name="key" value={`${refundKey}-all`} />
        <input type="hidden" name="scope" value="all" />
        <p>
          Refund what is left of the order: <strong>{formatPrice(remaining)}</strong>
          {order.refundedTotal === 0 ? ' (everything, shipping included)' : ''}. Its units go back to stock.
        </p>
        <Pending intent="refund" label={`Refund ${formatPrice(remaining)}`} busy="Refunding…" />
      </Form>
      {open.length > 0 ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="key" value={`${refundKey}-lines`} />
          <fieldset className="space-y-3">
            <legend className="font-bold">Or refund units line by line</legend>
            {open.map((item) => {
              const left = item.quantity - item.refundedQuantity;
              const perUnit = lineRefundAmount(
                { subtotal: order.subtotal, discount: order.discount, tax: order.tax ?? 0 },
                item,
                1,
              );
              return (
                <Field
                  key={item.id}
                  label={`${item.name}: units to refund (up to ${left})`}
                  hint={`About ${formatPrice(perUnit)} a unit, discount and tax included`}
                  name={`qty-${item.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  defaultValue={0}
                  error={answer?.fields?.[`qty-${item.id}`]}
                />
              );
            })}
          </fieldset>
          <Pending
            intent="refund"
            label="Refund the chosen units"
            busy="Refunding…"
            className={secondaryButton}
          />
        </Form>
      ) : null}
    </div>
  );
}

export function NoteForm() {
  const answer = useAnswer('note');
  return (
    <Form method="post" className="space-y-2" key={answer?.ok ? 'sent' : 'open'}>
      <TextAreaField
        label="Internal note"
        rows={3}
        maxLength={2000}
        {...answeredField(answer, 'text')}
        hint="Only staff see notes."
      />
      <Pending intent="note" label="Add note" busy="Adding…" className={secondaryButton} />
    </Form>
  );
}
