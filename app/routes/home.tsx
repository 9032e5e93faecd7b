import { Link } from 'react-router';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { homeContent } from '~/features/catalog/home.server';
import { ProductGrid } from '~/features/catalog/components/product-grid';
import {
  AboutSection,
  CategoryGrid,
  HomeHero,
  Testimonials,
  WelcomePromo,
} from '~/features/catalog/components/home-sections';
import { freeShippingMinimum } from '~/commerce/shipping';
import type { ShippingFigures } from '~/commerce/shipping-figures';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/home';
import { cardControls } from './shared/card-controls';

export function loader({ context }: Route.LoaderArgs) {
  return homeContent(catalogueOf(context.services));
}

export function meta({ matches }: Route.MetaArgs) {
  const freeFrom =
    (matches[0]?.loaderData as { shipping?: ShippingFigures } | undefined)?.shipping?.freeFrom ?? null;
  const free = freeFrom === null ? '' : `, with free shipping on orders of ${freeShippingMinimum(freeFrom)}`;
  return [
    { title: pageTitle() },
    {
      name: 'description',
      content: `Wheelchairs, walkers, oxygen concentrators, CPAP, braces, hospital beds and bathroom safety equipment for home care and clinics${free}.`,
    },
  ];
}

function ProductRow({
  id,
  title,
  href,
  products,
}: {
  id: string;
  title: string;
  href: string;
  products: Route.ComponentProps['loaderData']['featured'];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <Link to={href} className="font-bold text-brand underline">
          View all<span className="sr-only"> {title}</span>
        </Link>
      </div>
      <ProductGrid products={products} controls={cardControls} />
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero />
      <CategoryGrid categories={loaderData.categories} />
      <ProductRow
        id="featured-title"
        title="Featured Products"
        href="/category/featured"
        products={loaderData.featured}
      />
      <WelcomePromo />
      <ProductRow
        id="best-sellers-title"
        title="Best Sellers"
        href="/category/featured/best-sellers"
        products={loaderData.bestSellers}
      />
      <AboutSection />
      <Testimonials />
    </>
  );
}
