import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { ReturnsQueue } from '~/features/orders/components/console/returns-queue';
import { returnsQueueData } from '~/features/orders/returns-console.server';
import type { Route } from './+types/returns';

export function loader({ context, request }: Route.LoaderArgs) {
  return returnsQueueData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Returns');

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  return <ReturnsQueue {...loaderData} />;
}
