import { data, redirect } from 'react-router';
import { CategoryView } from '~/features/catalog/components/category-view';
import { parseFitInput, parseListingQuery } from '~/commerce/catalogue/catalog.schema';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/category';
import { cardControls } from './shared/card-controls';

export function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { categoryId, subcategoryId } = params;
  // An id holding a slash (mobility%2Fwalkers) is a category and a subcategory.
  if (categoryId.includes('/') && !subcategoryId) {
    const [main, sub] = categoryId.split('/');
    throw redirect(
      `/category/${encodeURIComponent(main ?? '')}/${encodeURIComponent(sub ?? '')}${url.search}`,
      301,
    );
  }
  const listing = catalogueOf(context.services).categoryListing(
    categoryId,
    subcategoryId,
    parseListingQuery(url.searchParams),
  );
  if (!listing) throw data(null, { status: 404 });
  const fitInput = listing.fitFinder ? parseFitInput(url.searchParams) : undefined;
  return { listing, pathname: url.pathname, fitInput };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { category, subcategory, page } = loaderData.listing;
  const name = subcategory ? `${subcategory.name} - ${category.name}` : category.name;
  return [
    { title: pageTitle(page.page > 1 ? `${name} (page ${page.page})` : name) },
    { name: 'description', content: category.description },
  ];
}

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CategoryView
      listing={loaderData.listing}
      pathname={loaderData.pathname}
      controls={cardControls}
      fitInput={loaderData.fitInput}
    />
  );
}
