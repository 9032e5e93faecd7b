import { Form, Link, useActionData } from 'react-router';
import { dangerButton, primaryButton } from '~/components/ui/button-styles';
import { Field, TextAreaField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { stateName, type UsStateCode } from '~/commerce/delivery/us-states';
import {
  CERTIFICATE_STATUSES,
  type CertificateView,
  consoleCertificateFilePath,
  formatDay,
} from '~/commerce/organisations/tax-exemption';
import { answeredField, type FormAnswer } from '~/lib/form-answer';

/** /admin/tax-certificates/:id: one certificate, its file, and staff's decision while pending. */
export function CertificateConsole({ certificate }: { certificate: CertificateView }) {
  const answer = useActionData<FormAnswer>();
  const state = stateName(certificate.state as UsStateCode);
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/tax-certificates">All tax certificates</Link>
      </p>
      <h1 className="text-3xl font-bold">{`${certificate.organisationName}: ${state} certificate`}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-bold">Status</dt>
        <dd>{CERTIFICATE_STATUSES[certificate.status]}</dd>
        <dt className="font-bold">File</dt>
        <dd>
          {/* Served as an attachment with a sandboxing policy: it downloads, never opens in the console. */}
          <a href={consoleCertificateFilePath(certificate.id)} download>
            {`Download ${certificate.fileName}`}
          </a>{' '}
          ({Math.ceil(certificate.size / 1024)} KB; each download is written to the audit log)
        </dd>
        <dt className="font-bold">Uploaded</dt>
        <dd>{formatDateTime(certificate.createdAt)}</dd>
        {certificate.number ? (
          <>
            <dt className="font-bold">Number</dt>
            <dd>{certificate.number}</dd>
          </>
        ) : null}
        {certificate.expiresOn ? (
          <>
            <dt className="font-bold">Expires</dt>
            <dd>{formatDay(certificate.expiresOn)}</dd>
          </>
        ) : null}
        {certificate.refusalReason ? (
          <>
            <dt className="font-bold">Refused because</dt>
            <dd>{certificate.refusalReason}</dd>
          </>
        ) : null}
      </dl>
      {certificate.status === 'pending' ? <Decide answer={answer} /> : null}
    </div>
  );
}

function Decide({ answer }: { answer: FormAnswer | undefined }) {
  const verify = answer?.intent === 'verify' ? answer : undefined;
  const refuse = answer?.intent === 'refuse' ? answer : undefined;
  return (
    <div className="flex flex-wrap gap-8">
      <Form method="post" className="max-w-md flex-1 space-y-3" aria-labelledby="verify-heading">
        <h2 id="verify-heading" className="text-xl font-bold">
          Verify
        </h2>
        <Field label="Certificate number" maxLength={40} required {...answeredField(verify, 'number')} />
        <Field
          label="Expiry date"
          type="date"
          required
          hint="The last day the certificate is valid; it must be in the future."
          {...answeredField(verify, 'expiresOn')}
        />
        <button type="submit" name="intent" value="verify" className={primaryButton}>
          Verify and mail the organisation
        </button>
      </Form>
      <Form method="post" className="max-w-xl flex-1 space-y-3" aria-labelledby="refuse-heading">
        <h2 id="refuse-heading" className="text-xl font-bold">
          Refuse
        </h2>
        <TextAreaField
          label="Why it is refused (the organisation's admins read it)"
          rows={3}
          maxLength={600}
          {...answeredField(refuse, 'reason')}
        />
        <button type="submit" name="intent" value="refuse" className={dangerButton}>
          Refuse
        </button>
      </Form>
    </div>
  );
}
