import { CompareView } from '~/features/catalog/components/compare-view';
import { comparison } from '~/features/catalog/compare.server';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/compare';
import { cardControls } from './shared/card-controls';

export function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll('ids');
  return {
    comparison: comparison(catalogueOf(context.services), ids),
    named: ids.some((value) => value.trim() !== ''),
  };
}

export function meta() {
  return [
    { title: pageTitle('Compare products') },
    // A comparison is a shopper's own choice of products: nothing for a search engine.
    { name: 'robots', content: 'noindex' },
  ];
}

export default function CompareRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CompareView
      comparison={loaderData.comparison}
      named={loaderData.named}
      AddToCart={cardControls.AddToCart}
    />
  );
}
