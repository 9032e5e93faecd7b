import { Form, useActionData, useNavigation } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { inputClass } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
import { formatOrderDate } from '~/commerce/orders/order-status';
import {
  RETURN_REASON_IDS,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  returnReasonLabel,
} from '~/commerce/orders/returns';
import type { ReturnableLine, ReturnView } from '../returns.server';
import type { ReturnRequestAnswer } from '../returns-shopper.server';

type ShopperReturn = ReturnView & { instructions: string[] };

export interface OrderReturnsProps {
  returns: ShopperReturn[];
  refusal: string | null;
  deadline: number | null;
  lines: ReturnableLine[];
  formKey: string;
}

/** The order page's returns: each return's steps and number, and the form to ask for one. */
export function OrderReturns(props: OrderReturnsProps) {
  const { returns, refusal } = props;
  return (
    <section aria-labelledby="order-returns" className="mt-8 space-y-4">
      <h2 id="order-returns" className="text-2xl font-bold">
        Returns
      </h2>
      {returns.map((ret) => (
        <ReturnSteps key={ret.id} ret={ret} />
      ))}
      {refusal ? <p>{refusal}</p> : <RequestReturnForm {...props} />}
    </section>
  );
}

function ReturnSteps({ ret }: { ret: ShopperReturn }) {
  const steps: [string, number | null][] = [
    ['Requested', ret.requestedAt],
    ...(ret.refusedAt !== null
      ? [['Refused', ret.refusedAt] as [string, number]]
      : [
          ['Approved', ret.approvedAt] as [string, number | null],
          ['Received', ret.receivedAt] as [string, number | null],
          ['Refunded', ret.refundedAt] as [string, number | null],
        ]),
  ];
  return (
    <article aria-labelledby={`return-${ret.id}`} className="rounded-md border border-border p-4">
      <h3 id={`return-${ret.id}`} className="text-xl font-bold">
        {`Return ${ret.number}`}
      </h3>
      <p>
        {ret.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')} ·{' '}
        {returnReasonLabel(ret.reason)}
      </p>
      <ol className="mt-2 space-y-1" aria-label={`Steps of return ${ret.number}`}>
        {steps.map(([label, at]) => (
          <li key={label}>
            <span className="font-bold">{label}</span>
            {at === null ? ' · not yet' : ` · ${formatOrderDate(at)}`}
          </li>
        ))}
      </ol>
      {ret.refusalReason ? <p className="mt-2">Why: {ret.refusalReason}</p> : null}
      {ret.refundAmount !== null ? <p className="mt-2">Refunded {formatPrice(ret.refundAmount)}</p> : null}
      {ret.instructions.length > 0 ? (
        <div className="mt-2">
          <p className="font-bold">How to send it back</p>
          <ol className="list-decimal space-y-1 pl-6 whitespace-pre-line">
            {ret.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ) : null}
    </article>
  );
}

function RequestReturnForm({ lines, deadline, formKey }: OrderReturnsProps) {
  const answer = useActionData<ReturnRequestAnswer>();
  const mine = answer?.intent === 'return' ? answer : undefined;
  const busy = useNavigation().state === 'submitting';
  const open = lines.filter((line) => !line.excludedBecause && line.available > 0);
  return (
    <Form method="post" className="space-y-4" aria-labelledby="request-return">
      <h3 id="request-return" className="text-xl font-bold">
        Request a return
      </h3>
      <p>
        Our {RETURN_WINDOW_DAYS}-day money-back guarantee
        {deadline !== null ? ` runs until ${formatOrderDate(deadline)}` : ''}. Choose the items and how many
        of each you are sending back.
      </p>
      {mine?.message ? (
        <p
          role={mine.ok ? 'status' : 'alert'}
          className={mine.ok ? 'font-bold text-success' : 'font-bold text-danger'}
        >
          {mine.message}
        </p>
      ) : null}
      <input type="hidden" name="key" value={formKey} />
      <ul className="space-y-3">
        {lines.map((line) => (
          <li key={line.itemId}>
            {line.excludedBecause ? (
              <p>
                <span className="font-bold">{line.name}</span>: {line.excludedBecause}
              </p>
            ) : line.available === 0 ? (
              <p>
                <span className="font-bold">{line.name}</span>: already in a return.
              </p>
            ) : (
              <label className="block">
                <span className="font-bold">{line.name}</span> (up to {line.available})
                <input
                  type="number"
                  name={`qty-${line.itemId}`}
                  min={0}
                  max={line.available}
                  defaultValue={0}
                  inputMode="numeric"
                  className={`${inputClass} max-w-32`}
                  aria-invalid={mine?.fields?.[`qty-${line.itemId}`] ? true : undefined}
                  aria-describedby={
                    mine?.fields?.[`qty-${line.itemId}`] ? `qty-error-${line.itemId}` : undefined
                  }
                />
                {mine?.fields?.[`qty-${line.itemId}`] ? (
                  <span id={`qty-error-${line.itemId}`} className="block text-danger">
                    {mine.fields[`qty-${line.itemId}`]}
                  </span>
                ) : null}
              </label>
            )}
          </li>
        ))}
      </ul>
      {open.length > 0 ? (
        <>
          <label className="block">
            <span className="font-bold">Reason</span>
            <select
              name="reason"
              required
              defaultValue={mine?.values?.reason ?? ''}
              className={inputClass}
              aria-invalid={mine?.fields?.reason ? true : undefined}
              aria-describedby={mine?.fields?.reason ? 'return-reason-error' : undefined}
            >
              <option value="">Choose a reason</option>
              {RETURN_REASON_IDS.map((id) => (
                <option key={id} value={id}>
                  {RETURN_REASONS[id].label}
                </option>
              ))}
            </select>
            {mine?.fields?.reason ? (
              <span id="return-reason-error" className="block text-danger">
                {mine.fields.reason}
              </span>
            ) : null}
          </label>
          <label className="block">
            <span className="font-bold">Anything we should know (optional)</span>
            <textarea
              name="note"
              maxLength={1000}
              rows={3}
              defaultValue={mine?.values?.note}
              className={inputClass}
            />
          </label>
          <p className="text-sm">
            If an item arrived damaged or is not what you ordered, we also refund the shipping charge.
          </p>
          <button type="submit" name="intent" value="return" className={primaryButton} disabled={busy}>
            Request a return
          </button>
        </>
      ) : null}
    </Form>
  );
}
