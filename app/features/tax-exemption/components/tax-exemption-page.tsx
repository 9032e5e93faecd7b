import { Form, useActionData, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { stateName, US_STATES, type UsStateCode } from '~/commerce/delivery/us-states';
import { PRESCRIPTION_ACCEPT } from '~/commerce/prescriptions/prescriptions';
import {
  CERTIFICATE_STATUSES,
  type CertificateView,
  formatDay,
} from '~/commerce/organisations/tax-exemption';
import { answeredField, type FormAnswer } from '~/lib/form-answer';

interface TaxExemptionPageProps {
  organisationName: string;
  canUpload: boolean;
  certificates: CertificateView[];
}

function statusText(certificate: CertificateView): string {
  if (certificate.status === 'verified' && !certificate.exempts) return 'Expired';
  if (certificate.status === 'refused' && certificate.refusalReason)
    return `Refused: ${certificate.refusalReason}`;
  return CERTIFICATE_STATUSES[certificate.status];
}

/**
 * /account/organisation/tax-exemption: the organisation's certificates per state, and (for its
 * admins) the upload form, a plain multipart form posting to the page's action (ADR 0045).
 */
export function TaxExemptionPage({ organisationName, canUpload, certificates }: TaxExemptionPageProps) {
  const answer = useActionData<FormAnswer>();
  const sending = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: organisationName, href: '/account/organisation' },
          { label: 'Tax exemption' },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Tax exemption</h1>
      <p className="mt-4">
        Orders {organisationName} ships to a state where it has a verified certificate that has not expired
        carry no sales tax. We remind the organisation&apos;s admins 30 days before a certificate expires.
      </p>
      <section aria-labelledby="certificates-heading" className="mt-8">
        <h2 id="certificates-heading" className="text-2xl font-bold">
          Certificates
        </h2>
        {certificates.length === 0 ? (
          <p className="mt-2">No certificates yet.</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">Tax exemption certificates by state</caption>
            <thead>
              <tr>
                <th scope="col" className="p-2">
                  State
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2">
                  Number
                </th>
                <th scope="col" className="p-2">
                  Expires
                </th>
              </tr>
            </thead>
            <tbody>
              {certificates.map((c) => (
                <tr key={c.id} className="border-t border-border">
                  <th scope="row" className="p-2">
                    {stateName(c.state as UsStateCode)}
                  </th>
                  <td className="p-2">{statusText(c)}</td>
                  <td className="p-2">{c.number ?? '—'}</td>
                  <td className="p-2">{c.expiresOn ? formatDay(c.expiresOn) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {canUpload ? (
        <section aria-labelledby="upload-heading" className="mt-8">
          <h2 id="upload-heading" className="text-2xl font-bold">
            Upload a certificate
          </h2>
          {answer?.message ? (
            <p
              role={answer.ok ? 'status' : 'alert'}
              className={`mt-4 rounded-md border-2 p-3 font-bold ${answer.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
            >
              {answer.message}
            </p>
          ) : null}
          <Form method="post" encType="multipart/form-data" noValidate className="mt-4 space-y-6">
            <input type="hidden" name="intent" value="upload" />
            <SelectField
              label="State"
              required
              placeholder="Choose a state"
              options={US_STATES}
              hint="A new certificate for a state replaces the current one once we have verified it."
              {...answeredField(answer, 'state')}
            />
            <Field
              label="Certificate file"
              type="file"
              name="file"
              required
              accept={PRESCRIPTION_ACCEPT}
              hint="A PDF, JPEG or PNG file of up to 10 MB."
              error={answer?.fields?.file}
            />
            <button type="submit" className={primaryButton} disabled={sending}>
              {sending ? 'Uploading...' : 'Upload certificate'}
            </button>
          </Form>
        </section>
      ) : (
        <p className="mt-8">Your organisation&apos;s admins upload its certificates.</p>
      )}
    </div>
  );
}
