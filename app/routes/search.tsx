import { Search } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useNavigate } from 'react-router';
import { searchQuerySchema } from '~/commerce/catalogue/catalog.schema';
import { searchCatalogue } from '~/features/catalog/product-search.server';
import { Pagination } from '~/components/ui/pagination';
import { pageList } from '~/lib/page-list';
import { ProductGrid } from '~/features/catalog/components/product-grid';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/search';
import { cardControls } from './shared/card-controls';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { q, page } = searchQuerySchema.parse({ q: params.get('q') ?? '', page: params.get('page') ?? 1 });
  if (!q) return { q, results: [], page: 1, totalPages: 1, total: 0 };
  const { items, ...found } = await searchCatalogue(context.services, q, page);
  return { q, ...found, results: items };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.q;
  return [
    { title: pageTitle(q ? `Search results for "${q}"` : 'Search') },
    { name: 'description', content: 'Search our medical equipment by name, brand or category.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { q, results, page, totalPages, total } = loaderData;
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <form
        method="get"
        action="/search"
        role="search"
        className="flex max-w-2xl gap-2"
        onSubmit={(event) => {
          const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          event.preventDefault();
          if (term) void navigate(`/search?q=${encodeURIComponent(term)}`);
        }}
      >
        <label htmlFor="search-page-input" className="sr-only">
          Search for products
        </label>
        <input
          id="search-page-input"
          key={q}
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search for products..."
          className="min-h-11 min-w-0 flex-1 rounded-md border border-border bg-bg px-3"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 font-bold text-brand-fg"
        >
          <Icon icon={Search} size={18} /> Search
        </button>
      </form>
      {q ? (
        <section aria-labelledby="search-title" className="mt-8">
          <h1 id="search-title" className="text-3xl font-bold">
            Search results for &quot;{q}&quot;
          </h1>
          <p className="mt-1 text-muted" role="status">
            {total} {total === 1 ? 'product' : 'products'} found
          </p>
          {total === 0 ? (
            <div className="mt-8 rounded-lg border border-border p-10 text-center">
              <h2 className="text-xl font-bold">No products found</h2>
              <p className="mt-2 text-muted">Try a different search term or browse our categories.</p>
            </div>
          ) : (
            <div className="mt-6">
              <ProductGrid products={results} controls={cardControls} priorityCount={2} headingLevel="h2" />
              <Pagination
                page={page}
                totalPages={totalPages}
                entries={pageList(page, totalPages)}
                hrefFor={(n) => `/search?q=${encodeURIComponent(q)}${n > 1 ? `&page=${n}` : ''}`}
              />
            </div>
          )}
        </section>
      ) : (
        <h1 className="mt-8 text-3xl font-bold">Search</h1>
      )}
    </div>
  );
}
