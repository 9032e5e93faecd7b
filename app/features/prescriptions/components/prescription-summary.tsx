import {
  PRESCRIPTION_STATUS_TEXT,
  prescriptionPath,
  type PrescriptionView,
} from '~/commerce/prescriptions/prescriptions';
import { ClaimSummary } from './claim-summary';

/** The buyer's order page: the prescription they gave, its claim data, and what became of it. */
export function PrescriptionSummary({
  reference,
  prescription,
}: {
  reference: string;
  prescription: PrescriptionView;
}) {
  return (
    <section aria-labelledby="prescription-title" className="mt-6 rounded-md border border-border p-4">
      <h2 id="prescription-title" className="text-xl font-bold">
        Prescription: {PRESCRIPTION_STATUS_TEXT[prescription.status]}
      </h2>
      {prescription.kind === 'upload' ? (
        <p className="mt-2">
          You uploaded{' '}
          <a
            href={prescriptionPath(reference)}
            download
            className="break-all text-brand underline underline-offset-2"
          >
            {prescription.fileName}
          </a>
          .
        </p>
      ) : (
        <p className="mt-2">
          Your prescriber: {prescription.prescriberName}, {prescription.prescriberPhone}.
        </p>
      )}
      <ClaimSummary prescription={prescription} />
      {prescription.status === 'submitted' ? (
        <p className="mt-2">
          Our team reviews prescriptions within one business day and emails you either way.
        </p>
      ) : null}
      {prescription.status === 'rejected' && prescription.reason ? (
        <p className="mt-2">We could not accept it: {prescription.reason} Your card was not charged.</p>
      ) : null}
    </section>
  );
}
