import { Link, useActionData } from 'react-router';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { ConsoleMessage } from '~/console/console-message';
import { requireStaff } from '~/console/staff-access.server';
import { PromotionEditor, promotionValues } from '~/features/promotions/components/promotion-editor';
import { newPromotionAction, type PromotionAnswer } from '~/features/promotions/promotions-console.server';
import type { Route } from './+types/promotion-new';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return null;
}

export function action({ context, request }: Route.ActionArgs) {
  return newPromotionAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('New promotion');

export default function AdminNewPromotion() {
  const answer = useActionData<PromotionAnswer>();
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/promotions" className="text-brand underline underline-offset-2">
          Back to promotions
        </Link>
      </p>
      <h1 className="text-3xl font-bold">New promotion</h1>
      <ConsoleMessage />
      {answer?.ok && answer.promotionId ? (
        <p>
          <Link
            to={`/admin/promotions/${answer.promotionId}`}
            className="text-brand underline underline-offset-2"
          >
            Open the new promotion
          </Link>
        </p>
      ) : null}
      <PromotionEditor values={promotionValues(undefined)} withCode submitLabel="Create promotion" />
    </div>
  );
}
