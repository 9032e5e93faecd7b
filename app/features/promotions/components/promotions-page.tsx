import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { formatDateTime } from '~/console/console';
import { ConsoleList } from '~/console/console-list';
import { ConsoleMessage } from '~/console/console-message';
import { formatPrice } from '~/commerce/money';
import type { PromotionRow } from '../promotions-console.server';

/** What the code gives, in a few words. */
export function promotionGives(p: Pick<PromotionRow, 'kind' | 'value'>): string {
  if (p.kind === 'percent') return `${p.value}% off`;
  if (p.kind === 'fixed') return `${formatPrice(p.value)} off`;
  return 'Free shipping';
}

function uses(p: PromotionRow): string {
  return p.usageLimit === null ? `${p.used}` : `${p.used} of ${p.usageLimit}`;
}

function RowActions({ promotion }: { promotion: PromotionRow }) {
  const button = (intent: string, text: string) => (
    <Form method="post">
      <input type="hidden" name="promotion" value={promotion.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={secondaryButton}
        aria-label={`${text} ${promotion.code}`}
      >
        {text}
      </button>
    </Form>
  );
  if (promotion.status === 'Expired') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {promotion.paused ? button('resume', 'Resume') : button('pause', 'Pause')}
      {button('expire', 'Expire now')}
    </div>
  );
}

/** Every promo code: what it gives, its status and uses; pause, resume or end it from here. */
export function PromotionsPage({ promotions }: { promotions: PromotionRow[] }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Promotions</h1>
        <Link to="/admin/promotions/new" className={primaryButton}>
          New promotion
        </Link>
      </div>
      <p>Changes reach the storefront on every server within seconds. Uses count paid orders.</p>
      <ConsoleMessage />
      <ConsoleList
        rows={promotions}
        rowKey={(p) => p.id}
        emptyMessage="No promotions yet."
        caption="Promotions"
        columns={[
          {
            header: 'Code',
            rowHeader: true,
            cell: (p) => (
              <Link
                to={`/admin/promotions/${p.id}`}
                className="font-bold text-brand underline underline-offset-2"
              >
                {p.code}
              </Link>
            ),
          },
          { header: 'Gives', cell: (p) => `${promotionGives(p)} · ${p.label}` },
          { header: 'Status', cell: (p) => p.status },
          { header: 'Ends', cell: (p) => (p.endsAt === null ? 'No end' : formatDateTime(p.endsAt)) },
          { header: 'Uses', cell: (p) => uses(p) },
          { header: <span className="sr-only">Actions</span>, cell: (p) => <RowActions promotion={p} /> },
        ]}
      />
    </div>
  );
}
