import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { CertificateConsole } from '~/features/tax-exemption/components/console/certificate-console';
import { certificateAction, certificatePageData } from '~/features/tax-exemption/certificates-console.server';
import type { Route } from './+types/tax-certificate';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return certificatePageData(context, request, params.certificateId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return certificateAction(context, request, params.certificateId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Tax certificate');

export default function AdminTaxCertificate({ loaderData }: Route.ComponentProps) {
  return <CertificateConsole {...loaderData} />;
}
