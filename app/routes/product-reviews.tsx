import { data } from 'react-router';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { AllReviewsPage } from '~/features/reviews/components/all-reviews-page';
import { allReviewsPath, reviewsPageParam } from '~/features/reviews/reviews';
import { productReviewsView } from '~/features/reviews/published-reviews.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/product-reviews';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = catalogueOf(context.services).getProduct(params.productId);
  if (!product) throw data(null, { status: 404 });
  const page = reviewsPageParam(new URL(request.url).searchParams.get('page'));
  const view = await productReviewsView(context.services.database.db, product, page);
  const url = `${context.services.env.APP_URL}${allReviewsPath(product.link)}`;
  return { name: product.name, view, url: view.page > 1 ? `${url}?page=${view.page}` : url };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  return [
    { title: pageTitle(`Reviews of ${loaderData.name}`) },
    { tagName: 'link', rel: 'canonical', href: loaderData.url },
  ];
}

export default function ProductReviewsRoute({ loaderData }: Route.ComponentProps) {
  return <AllReviewsPage name={loaderData.name} view={loaderData.view} />;
}
