import { SecondFactorPage } from '~/features/staff/components/second-factor-page';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { secondFactorAction, secondFactorPageData } from '~/features/staff/second-factor-console.server';
import { answerSecondFactorChallenge } from '~/features/account/second-factor-challenge.server';
import type { Route } from './+types/verify';

// Outside the console's layout: its loader sends a session without the second factor here.
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await secondFactorPageData(context, request);
  return { ...page, backup: new URL(request.url).searchParams.get('backup') === '1' };
}

export function action({ context, request }: Route.ActionArgs) {
  return secondFactorAction(context, request, answerSecondFactorChallenge);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Confirm it is you');

export default function AdminVerify({ loaderData }: Route.ComponentProps) {
  return <SecondFactorPage {...loaderData} />;
}
