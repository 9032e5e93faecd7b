import { Link } from 'react-router';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatDateTime } from '~/console/console';
import {
  ORGANISATION_KINDS,
  ORGANISATION_STATUSES,
  type OrganisationKind,
  type OrganisationStatus,
} from '~/commerce/organisations/organisations';

interface ListProps {
  organisations: {
    id: string;
    name: string;
    kind: OrganisationKind;
    state: string;
    status: OrganisationStatus;
    appliedAt: number;
  }[];
  status: OrganisationStatus | null;
  page: number;
  hasNext: boolean;
}

const href = (status: OrganisationStatus | null, page = 1) =>
  `/admin/organisations?${new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /admin/organisations: applications waiting for review first, then the rest. */
export function OrganisationsConsole({ organisations, status, page, hasNext }: ListProps) {
  const tabs: [OrganisationStatus | null, string][] = [
    [null, 'All'],
    ...(Object.entries(ORGANISATION_STATUSES) as [OrganisationStatus, string][]),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Organisations</h1>
      <p>
        Approve or refuse each application; the applicant is mailed either way. Administrators set the buying
        terms.
      </p>
      <ConsoleFilterTabs label="Organisations by status" tabs={tabs} current={status} href={href} />
      <ConsoleList
        rows={organisations}
        rowKey={(row) => row.id}
        emptyMessage="No organisations here."
        announceEmpty={false}
        caption={`Organisations${status ? `, ${ORGANISATION_STATUSES[status].toLowerCase()}` : ''}, page ${page}`}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (row) => <Link to={`/admin/organisations/${row.id}`}>{row.name}</Link>,
          },
          { header: 'Type', cell: (row) => ORGANISATION_KINDS[row.kind] },
          { header: 'State', cell: (row) => row.state },
          { header: 'Status', cell: (row) => ORGANISATION_STATUSES[row.status] },
          { header: 'Applied', cell: (row) => formatDateTime(row.appliedAt) },
        ]}
        pager={{ label: 'Pages of organisations', page, hasNext, hrefFor: (p) => href(status, p) }}
      />
    </div>
  );
}
