import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { ReturnConsole } from '~/features/orders/components/console/return-console';
import { returnAction, returnPageData } from '~/features/orders/returns-console.server';
import type { Route } from './+types/return';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return returnPageData(context, request, params.number);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return returnAction(context, request, params.number);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ params }) => consoleMeta(`Return ${params.number}`);

export default function AdminReturn({ loaderData }: Route.ComponentProps) {
  return <ReturnConsole {...loaderData} />;
}
