import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Pagination } from '~/components/ui/pagination';
import { lazyComponent } from '~/lib/lazy-component';
import { pageList } from '~/lib/page-list';
import { bannerPromo } from '~/commerce/catalogue/catalog';
import { type ListingState, listingSearch, type SortOption } from '~/commerce/catalogue/listing-url';
import type { CategoryListing } from '~/commerce/catalogue/catalog.server';
import type { FitInput } from '~/commerce/catalogue/catalog.schema';
import { FilterPanel, type FilterSelection } from './filter-panel';
import { ListingToolbar } from './listing-toolbar';
import type { CardControls } from './product-card';
import { ProductGrid } from './product-grid';
import { PromoBanner } from './promo-banner';

// "Will it fit?" is rendered whole by the server (a GET form that works at once); its code
// comes after the first load, which it does not hold up.
const FitFinder = lazyComponent(() => import('./fit-finder').then((m) => m.FitFinder));

// The drawer is only for narrow screens and only once opened: keep it out of the first load.
const FilterDrawer = lazy(() => import('./filter-drawer'));

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface CategoryViewProps {
  listing: CategoryListing;
  pathname: string;
  /** Add to Cart and the wishlist toggle of each card, from the route. */
  controls: CardControls;
  /** "Will it fit?" as the URL gave it; only listings with fit figures have it. */
  fitInput?: FitInput;
}

export function CategoryView({ listing, pathname, controls, fitInput }: CategoryViewProps) {
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { category, subcategory, page, query } = listing;
  const title = subcategory?.name ?? category.name;

  const go = (next: Partial<ListingState>, options: { resetPage?: boolean } = { resetPage: true }) => {
    const merged = { ...query, ...next, ...(options.resetPage ? { page: 1 } : {}) };
    void navigate(`${pathname}${listingSearch(merged)}`, { preventScrollReset: true });
  };

  // A page change scrolls to the top of the listing, smoothly unless motion is reduced.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [page.page]);

  const selection: FilterSelection = {
    brands: query.brands,
    min: query.min ?? 0,
    max: query.max ?? listing.priceMax,
  };
  const apply = (s: FilterSelection) =>
    go({
      brands: s.brands,
      min: s.min > 0 ? s.min : undefined,
      max: s.max < listing.priceMax ? s.max : undefined,
    });
  const resetHref = `/category/${category.id}${listingSearch({ view: query.view })}`;
  // Without scripts the filters and the toolbar are GET forms: each carries the other's state.
  const fieldsOf = (state: Partial<ListingState>) => [...new URLSearchParams(listingSearch(state))];
  const fit = { weight: query.weight, door: query.door };
  const panelProps = {
    keep: fieldsOf({ ...fit, sort: query.sort, view: query.view }),
    filterLinks: listing.filterLinks,
    brands: listing.brands,
    priceMax: listing.priceMax,
    selected: selection,
    resetHref,
    onApply: apply,
  };
  const crumbs = [
    { label: 'Home', href: '/' },
    { label: category.name, href: `/category/${category.id}` },
    ...(subcategory ? [{ label: subcategory.name }] : []),
  ];
  const promo = bannerPromo(subcategory?.id ?? category.id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={crumbs} />
      <section
        aria-labelledby="listing-title"
        className="relative mt-4 overflow-hidden rounded-xl bg-surface"
      >
        <img
          src={category.bannerImage}
          alt=""
          width={1200}
          height={400}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover object-right opacity-15 sm:opacity-30"
        />
        <div className="relative px-6 py-10">
          <h1 id="listing-title" className="text-3xl font-bold sm:text-4xl">
            {title}
          </h1>
          <p className="mt-2 max-w-2xl text-lg">{category.description}</p>
        </div>
      </section>

      <div className="mt-6 grid gap-8 md:grid-cols-[16rem_1fr]">
        <aside className="hidden md:block" aria-label="Filters">
          <FilterPanel key={JSON.stringify(selection)} idPrefix="sidebar-filters" {...panelProps} />
        </aside>
        <div>
          {/* The drawer needs scripts: without them a phone gets the same form, collapsed. */}
          <noscript>
            <details className="mb-4 rounded-lg border border-border p-3 md:hidden">
              <summary className="min-h-11 cursor-pointer py-2 font-bold">Filters</summary>
              <FilterPanel idPrefix="noscript-filters" collapsible {...panelProps} />
            </details>
          </noscript>
          {fitInput ? (
            <div className="mb-4">
              <FitFinder pathname={pathname} query={query} input={fitInput} />
            </div>
          ) : null}
          <ListingToolbar
            total={page.total}
            sort={query.sort}
            view={query.view}
            onSortChange={(sort: SortOption) => go({ sort })}
            onViewChange={(view) => go({ view }, { resetPage: false })}
            onOpenFilters={() => setDrawerOpen(true)}
            keep={fieldsOf({ ...fit, brands: query.brands, min: query.min, max: query.max })}
          />
          <div className="mt-4">
            {page.items.length === 0 ? (
              <div className="rounded-lg border border-border p-10 text-center">
                <h2 className="text-xl font-bold">No products found</h2>
                <p className="mt-2 text-muted">Try adjusting your filters to find products.</p>
                <button
                  type="button"
                  onClick={() => void navigate(resetHref)}
                  className="mt-4 min-h-11 rounded-md bg-brand px-5 font-bold text-brand-fg"
                >
                  Reset Filters
                </button>
              </div>
            ) : (
              <ProductGrid
                products={page.items}
                controls={controls}
                view={query.view}
                priorityCount={query.view === 'grid' ? 2 : 1}
                headingLevel="h2"
              />
            )}
          </div>
          <Pagination
            page={page.page}
            totalPages={page.totalPages}
            entries={pageList(page.page, page.totalPages)}
            hrefFor={(n) => `${pathname}${listingSearch({ ...query, page: n })}`}
          />
          <PromoBanner code={promo.code} text={promo.text} />
        </div>
      </div>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onOpenChange={setDrawerOpen} {...panelProps} />
        </Suspense>
      ) : null}
    </div>
  );
}
