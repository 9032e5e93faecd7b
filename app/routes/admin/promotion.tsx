import { Form, Link } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { ConsoleMessage } from '~/console/console-message';
import { PromotionEditor, promotionValues } from '~/features/promotions/components/promotion-editor';
import { promotionGives } from '~/features/promotions/components/promotions-page';
import { promotionAction, promotionPageData } from '~/features/promotions/promotions-console.server';
import type { Route } from './+types/promotion';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return promotionPageData(context, request, params.promotionId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return promotionAction(context, request, params.promotionId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Promotion');

export default function AdminPromotion({ loaderData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  const uses =
    promotion.usageLimit === null ? `${promotion.used}` : `${promotion.used} of ${promotion.usageLimit}`;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/promotions" className="text-brand underline underline-offset-2">
          Back to promotions
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Promotion {promotion.code}</h1>
      <p>
        {promotionGives(promotion)} · {promotion.status} · uses: {uses}
      </p>
      <ConsoleMessage />
      {promotion.status === 'Expired' ? null : (
        <Form method="post" className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value={promotion.paused ? 'resume' : 'pause'}
            className={secondaryButton}
          >
            {promotion.paused ? 'Resume' : 'Pause'}
          </button>
          <button type="submit" name="intent" value="expire" className={secondaryButton}>
            Expire now
          </button>
        </Form>
      )}
      <PromotionEditor values={promotionValues(promotion)} withCode={false} submitLabel="Save promotion" />
    </div>
  );
}
