import { Link } from 'react-router';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatDateTime } from '~/console/console';
import { stateName, type UsStateCode } from '~/commerce/delivery/us-states';
import {
  CERTIFICATE_STATUSES,
  type CertificateStatus,
  type CertificateView,
  consoleCertificatePath,
  formatDay,
} from '~/commerce/organisations/tax-exemption';

interface QueueProps {
  certificates: CertificateView[];
  status: CertificateStatus;
  page: number;
  hasNext: boolean;
}

const href = (status: CertificateStatus, page = 1) =>
  `/admin/tax-certificates?${new URLSearchParams({ status, ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /admin/tax-certificates: organisations' certificates to check, oldest first. */
export function CertificateQueue({ certificates, status, page, hasNext }: QueueProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Tax certificates</h1>
      <p>
        Open a certificate to read its file, then verify it with its number and expiry date, or refuse it with
        a reason. The organisation&apos;s admins are mailed either way.
      </p>
      <ConsoleFilterTabs
        label="Certificates by status"
        tabs={(Object.keys(CERTIFICATE_STATUSES) as CertificateStatus[]).map(
          (s) => [s, CERTIFICATE_STATUSES[s]] as const,
        )}
        current={status}
        href={href}
      />
      <ConsoleList
        rows={certificates}
        rowKey={(row) => row.id}
        emptyMessage="No certificates here."
        announceEmpty={false}
        caption={`Tax certificates, ${CERTIFICATE_STATUSES[status].toLowerCase()}, page ${page}`}
        columns={[
          {
            header: 'Organisation',
            rowHeader: true,
            cell: (row) => <Link to={consoleCertificatePath(row.id)}>{row.organisationName}</Link>,
          },
          { header: 'State', cell: (row) => stateName(row.state as UsStateCode) },
          { header: 'Number', cell: (row) => row.number ?? '—' },
          { header: 'Expires', cell: (row) => (row.expiresOn ? formatDay(row.expiresOn) : '—') },
          { header: 'Uploaded', cell: (row) => formatDateTime(row.createdAt) },
        ]}
        pager={{ label: 'Pages of certificates', page, hasNext, hrefFor: (p) => href(status, p) }}
      />
    </div>
  );
}
