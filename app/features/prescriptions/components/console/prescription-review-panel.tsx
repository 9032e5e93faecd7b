import { Form, useActionData, useNavigation } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { formatDateTime } from '~/console/console';
import {
  consolePrescriptionPath,
  PRESCRIPTION_STATUS_TEXT,
  type PrescriptionView,
} from '~/commerce/prescriptions/prescriptions';
import { ClaimSummary } from '../claim-summary';

function Submit({
  intent,
  label,
  busy,
  className,
}: {
  intent: string;
  label: string;
  busy: string;
  className: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={pending}>
      {pending ? busy : label}
    </button>
  );
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/**
 * The console order page's prescription: what the buyer gave (the file as a download, or the
 * prescriber to call), and while the card is only authorised, Approve (takes the payment) or
 * Reject with a reason (voids it; the buyer reads the reason).
 */
export function PrescriptionReviewPanel({
  reference,
  prescription,
  awaitingReview,
}: {
  reference: string;
  prescription: PrescriptionView;
  awaitingReview: boolean;
}) {
  const answer = useActionData<FormAnswer>();
  const rejection = answer?.intent === 'reject-prescription' ? answer : undefined;
  return (
    <section aria-labelledby="prescription-title" className="rounded-md border-2 border-brand p-4">
      <h2 id="prescription-title" className="text-xl font-bold">
        Prescription: {PRESCRIPTION_STATUS_TEXT[prescription.status]}
      </h2>
      <div className="mt-3 space-y-3">
        {prescription.kind === 'upload' ? (
          <p>
            Uploaded {formatDateTime(prescription.createdAt)}:{' '}
            <a
              href={consolePrescriptionPath(reference)}
              className="break-all text-brand underline underline-offset-2"
              download
            >
              Download {prescription.fileName}
            </a>
            {prescription.size ? ` (${kilobytes(prescription.size)})` : ''}
          </p>
        ) : (
          <p>
            No file: call the prescriber to confirm it. {prescription.prescriberName},{' '}
            <a
              href={`tel:${prescription.prescriberPhone ?? ''}`}
              className="text-brand underline underline-offset-2"
            >
              {prescription.prescriberPhone}
            </a>
          </p>
        )}
        <ClaimSummary prescription={prescription} />
        {prescription.reason ? <p>Reason given to the customer: {prescription.reason}</p> : null}
        {prescription.reviewedAt ? (
          <p className="text-muted">Reviewed {formatDateTime(prescription.reviewedAt)}</p>
        ) : null}
        {awaitingReview ? (
          <>
            <p>
              The card is authorised, not charged. Approving takes the payment; rejecting releases it and
              cancels the order.
            </p>
            <Form method="post">
              <Submit
                intent="approve-prescription"
                label="Approve and take payment"
                busy="Approving…"
                className={primaryButton}
              />
            </Form>
            <Form method="post" className="space-y-2" aria-label="Reject the prescription">
              <TextAreaField
                label="Why it is not accepted (sent to the customer)"
                rows={3}
                maxLength={1000}
                required
                {...answeredField(rejection, 'reason')}
              />
              <Submit
                intent="reject-prescription"
                label="Reject and release the payment"
                busy="Rejecting…"
                className={secondaryButton}
              />
            </Form>
          </>
        ) : null}
      </div>
    </section>
  );
}
