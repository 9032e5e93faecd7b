import { Form, useActionData, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { secondaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import { SubmitButton } from '~/components/ui/submit-button';
import { formatPrice } from '~/commerce/money';
import { answeredField } from '~/lib/form-answer';
import type { ApprovalAnswer } from '../approvals.schema';
import type { ApprovalView } from '../approvals.server';

/** /account/organisation/approvals (docs/decisions/0056): approvers' queue and a buyer's requests. */
const STATUS_TEXT: Record<ApprovalView['status'], string> = {
  waiting: 'Waiting for approval',
  approved: 'Approved: ready to pay',
  returned: 'Sent back',
  withdrawn: 'Withdrawn (a new checkout replaced it)',
};

function Lines({ approval }: { approval: ApprovalView }) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">Lines of order {approval.reference}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
          <th scope="col">Line total</th>
        </tr>
      </thead>
      <tbody>
        {approval.lines.map((line) => (
          <tr key={line.name}>
            <td>{line.name}</td>
            <td>{line.quantity}</td>
            <td>{formatPrice(line.unitPrice)}</td>
            <td>{formatPrice(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A refused decision, beside the order it was about (which stays in the list). */
function Answer({ answer, reference }: { answer: ApprovalAnswer | undefined; reference: string }) {
  if (!answer?.message || answer.ok || answer.reference !== reference) return null;
  return (
    <p role="alert" className="mt-2 font-bold text-danger">
      {answer.message}
    </p>
  );
}

function Waiting({
  approval,
  answer,
  sending,
}: {
  approval: ApprovalView;
  answer?: ApprovalAnswer;
  sending: boolean;
}) {
  const own = answer?.intent === 'sendBack' && answer.reference === approval.reference ? answer : undefined;
  return (
    <li className="rounded-md border border-border p-4">
      <h3 className="text-lg font-bold">
        Order {approval.reference} by {approval.buyerName}: {formatPrice(approval.total)}
      </h3>
      <p className="mt-1">Why it needs approval: {approval.why}</p>
      <Lines approval={approval} />
      <Answer answer={answer} reference={approval.reference} />
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="reference" value={approval.reference} />
        <SubmitButton pending={sending} pendingLabel="Approving…">
          Approve order {approval.reference}
        </SubmitButton>
      </Form>
      <Form method="post" noValidate className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="sendBack" />
        <input type="hidden" name="reference" value={approval.reference} />
        <TextAreaField
          label={`Comment for ${approval.buyerName} (required to send it back)`}
          id={`comment-${approval.reference}`}
          rows={3}
          maxLength={1000}
          {...answeredField(own, 'comment')}
        />
        <SubmitButton pending={sending} pendingLabel="Sending back…" className={secondaryButton}>
          Send order {approval.reference} back
        </SubmitButton>
      </Form>
    </li>
  );
}

export function ApprovalsPage({
  organisationName,
  approver,
  waiting,
  mine,
}: {
  organisationName: string;
  approver: boolean;
  waiting: ApprovalView[];
  mine: ApprovalView[];
}) {
  const answer = useActionData<ApprovalAnswer>();
  const sending = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: organisationName, href: '/account/organisation' },
          { label: 'Approvals' },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Approvals for {organisationName}</h1>
      {/* A decision taken: its order leaves the waiting list, so the message stands above it. */}
      <p role="status" className="mt-4 font-bold text-success empty:hidden">
        {answer?.ok ? answer.message : ''}
      </p>
      {approver ? (
        <section aria-labelledby="waiting-heading" className="mt-8">
          <h2 id="waiting-heading" className="text-2xl font-bold">
            Waiting for your approval
          </h2>
          {waiting.length === 0 ? (
            <p className="mt-2">No order is waiting for approval.</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {waiting.map((approval) => (
                <Waiting key={approval.orderId} approval={approval} answer={answer} sending={sending} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="mine-heading" className="mt-8">
        <h2 id="mine-heading" className="text-2xl font-bold">
          Your requests
        </h2>
        {mine.length === 0 ? (
          <p className="mt-2">None of your orders has needed approval.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {mine.map((approval) => (
              <li key={approval.orderId} className="rounded-md border border-border p-4">
                <h3 className="text-lg font-bold">
                  <a href={`/account/orders/${approval.reference}`} className="underline">
                    Order {approval.reference}
                  </a>
                  : {formatPrice(approval.total)}, {STATUS_TEXT[approval.status]}
                </h3>
                <p className="mt-1">Why it needed approval: {approval.why}</p>
                {approval.comment ? (
                  <p className="mt-1">The approver&rsquo;s comment: {approval.comment}</p>
                ) : null}
                <Lines approval={approval} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
