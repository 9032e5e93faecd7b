import { Outlet } from 'react-router';
import { CONSOLE_HEADERS } from '~/console/console';
import { ConsoleFrame } from '~/console/console-frame';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/layout';

// Every page under it checks the role again in its own loader: loaders run in parallel.
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  return { staff: { email: staff.email, role: staff.role } };
}

// A post to /admin itself comes here (an index route takes only posts to /admin?index).
export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleFrame staff={loaderData.staff}>
      <Outlet />
    </ConsoleFrame>
  );
}
