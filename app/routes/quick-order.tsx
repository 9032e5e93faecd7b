import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { QuickOrderForm } from '~/features/cart/components/quick-order-form';
import { quickOrderAction } from '~/features/cart/quick-order/quick-order.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/quick-order';

export function action({ context, request }: Route.ActionArgs) {
  return quickOrderAction({ context, request });
}

// Personal (it writes a cart), never cached; a guest's cart cookie comes with the answer.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of actionHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

export function meta() {
  return [
    { title: pageTitle('Quick Order') },
    {
      name: 'description',
      content:
        'Add many products to your cart at once: type or paste SKUs and quantities, or upload a CSV file.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function QuickOrder() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[{ label: 'Home', href: '/' }, { label: 'Cart', href: '/cart' }, { label: 'Quick Order' }]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Quick Order</h1>
      <p className="mt-4 max-w-prose text-lg">
        Know what you need? Write each product&apos;s SKU and quantity, or upload a CSV file from your
        spreadsheet, and add them all to your cart in one step. You find a product&apos;s SKU on its page.
      </p>
      <section aria-labelledby="quick-order-heading" className="mt-8">
        <h2 id="quick-order-heading" className="mb-4 text-2xl font-bold">
          Your list
        </h2>
        <QuickOrderForm />
      </section>
    </div>
  );
}
