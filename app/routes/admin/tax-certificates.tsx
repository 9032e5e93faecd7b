import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { CertificateQueue } from '~/features/tax-exemption/components/console/certificate-queue';
import { certificateQueueData } from '~/features/tax-exemption/certificates-console.server';
import type { Route } from './+types/tax-certificates';

export function loader({ context, request }: Route.LoaderArgs) {
  return certificateQueueData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Tax certificates');

export default function AdminTaxCertificates({ loaderData }: Route.ComponentProps) {
  return <CertificateQueue {...loaderData} />;
}
