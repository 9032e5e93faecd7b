import { Form, Link, useActionData } from 'react-router';
import { dangerButton, primaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { formatPrice } from '~/commerce/money';
import { RETURN_STEPS, returnReasonLabel } from '~/commerce/orders/returns';
import type { FormAnswer } from '~/lib/form-answer';
import type { ReturnView } from '../../returns.server';

interface ReturnConsoleProps {
  ret: ReturnView;
  order: {
    reference: string;
    total: number;
    shipping: number;
    refundedTotal: number;
    deliveredAt: number | null;
  };
  preview: { lines: number[]; shipping: number; total: number };
  refundKey: string;
}

/** /admin/returns/:number: one return, its steps, and the form its step asks for. */
export function ReturnConsole({ ret, order, preview, refundKey }: ReturnConsoleProps) {
  const answer = useActionData<FormAnswer>();
  const steps: [string, number | null][] = [
    ['Requested', ret.requestedAt],
    ['Approved', ret.approvedAt],
    ['Refused', ret.refusedAt],
    ['Received', ret.receivedAt],
    ['Refunded', ret.refundedAt],
  ];
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/returns">All returns</Link>
      </p>
      <h1 className="text-3xl font-bold">{`Return ${ret.number}`}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-bold">Order</dt>
        <dd>
          <Link to={`/admin/orders/${order.reference}`}>{order.reference}</Link> · {formatPrice(order.total)}{' '}
          paid · {formatPrice(order.refundedTotal)} refunded
        </dd>
        <dt className="font-bold">Step</dt>
        <dd>{RETURN_STEPS[ret.status]}</dd>
        <dt className="font-bold">Reason</dt>
        <dd>{returnReasonLabel(ret.reason)}</dd>
        <dt className="font-bold">Shopper&apos;s note</dt>
        <dd className="whitespace-pre-line">{ret.note || 'None'}</dd>
        {ret.refusalReason ? (
          <>
            <dt className="font-bold">Refused because</dt>
            <dd>{ret.refusalReason}</dd>
          </>
        ) : null}
      </dl>
      <ol aria-label="Steps" className="space-y-1">
        {steps
          .filter(([, at]) => at !== null)
          .map(([label, at]) => (
            <li key={label}>
              <span className="font-bold">{label}</span> · {formatDateTime(at ?? 0)}
            </li>
          ))}
      </ol>
      {ret.status === 'requested' ? <Decide answer={answer} /> : null}
      {ret.status === 'approved' ? (
        <Receive ret={ret} answer={answer} />
      ) : (
        <LineTable ret={ret} preview={preview} />
      )}
      {ret.status === 'received' ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="key" value={refundKey} />
          <p>
            Refund {formatPrice(preview.total)}
            {preview.shipping > 0 ? `, shipping ${formatPrice(preview.shipping)} included (our error)` : ''},
            through the payment processor.
          </p>
          <button type="submit" name="intent" value="refund" className={primaryButton}>
            Refund {formatPrice(preview.total)}
          </button>
        </Form>
      ) : null}
      {ret.refundAmount !== null ? (
        <p>
          Refunded {formatPrice(ret.refundAmount)}
          {ret.refundShipping ? `, shipping ${formatPrice(ret.refundShipping)} included` : ''}.
        </p>
      ) : null}
    </div>
  );
}

function LineTable({ ret, preview }: Pick<ReturnConsoleProps, 'ret' | 'preview'>) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Lines of return {ret.number}</caption>
      <thead className="border-b border-border">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Units</th>
          <th scope="col">Outcome</th>
          <th scope="col">Refund</th>
        </tr>
      </thead>
      <tbody>
        {ret.lines.map((line, index) => (
          <tr key={line.id}>
            <th scope="row" className="font-normal">
              {line.name}
            </th>
            <td>{line.quantity}</td>
            <td>
              {line.outcome === 'restock' ? 'Restocked' : line.outcome === 'write_off' ? 'Written off' : '-'}
            </td>
            <td>{formatPrice(line.refundAmount ?? preview.lines[index] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Decide({ answer }: { answer: FormAnswer | undefined }) {
  const refusal = answer?.intent === 'refuse' ? answer : undefined;
  return (
    <div className="flex flex-wrap gap-8">
      <Form method="post">
        <button type="submit" name="intent" value="approve" className={primaryButton}>
          Approve and mail the instructions
        </button>
      </Form>
      <Form method="post" className="max-w-xl flex-1 space-y-2">
        <TextAreaField
          label="Why it is refused (the shopper reads it)"
          name="reason"
          rows={3}
          maxLength={600}
          error={refusal?.fields?.reason}
        />
        <button type="submit" name="intent" value="refuse" className={dangerButton}>
          Refuse
        </button>
      </Form>
    </div>
  );
}

function Receive({ ret, answer }: { ret: ReturnView; answer: FormAnswer | undefined }) {
  const fields = answer?.intent === 'receive' ? answer.fields : undefined;
  return (
    <Form method="post" className="space-y-4">
      <h2 className="text-xl font-bold">Parcel received</h2>
      {ret.lines.map((line) => (
        <fieldset
          key={line.id}
          aria-invalid={fields?.[`outcome-${line.id}`] ? true : undefined}
          className="space-y-1"
        >
          <legend className="font-bold">
            {line.quantity} x {line.name}
          </legend>
          {fields?.[`outcome-${line.id}`] ? (
            <p className="text-danger">{fields[`outcome-${line.id}`]}</p>
          ) : null}
          <label className="mr-6 inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`outcome-${line.id}`} value="restock" required /> Restock
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`outcome-${line.id}`} value="write_off" /> Write off
          </label>
        </fieldset>
      ))}
      <button type="submit" name="intent" value="receive" className={primaryButton}>
        Mark received
      </button>
    </Form>
  );
}
