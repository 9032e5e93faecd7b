import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { RefillConsole } from '~/features/refill-cycles/components/refill-console';
import { refillConsoleData } from '~/features/refill-cycles/refill-console.server';
import type { Route } from './+types/refills';

export function loader({ context, request }: Route.LoaderArgs) {
  return refillConsoleData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Refills');

export default function AdminRefills({ loaderData }: Route.ComponentProps) {
  return <RefillConsole {...loaderData} />;
}
