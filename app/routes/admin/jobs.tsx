import { JobsPage } from '~/features/staff/components/jobs-page';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { jobsAction, jobsPageData } from '~/features/staff/jobs-console.server';
import type { Route } from './+types/jobs';

export function loader({ context, request }: Route.LoaderArgs) {
  return jobsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return jobsAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Jobs');

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  return <JobsPage {...loaderData} />;
}
