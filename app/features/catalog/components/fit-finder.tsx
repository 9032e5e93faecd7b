import { Form, Link } from 'react-router';
import { primaryButton, linkButton } from '~/components/ui/button-styles';
import type { FitInput, ListingQuery } from '~/commerce/catalogue/catalog.schema';
import { hasNeeds } from '~/commerce/catalogue/fit';
import { forgetNeeds } from '../fit-memory';
import { listingSearch } from '~/commerce/catalogue/listing-url';
import { FitFields, useFitNeeds } from './fit-fields';

/**
 * "Will it fit?" on a listing: the person's weight and the narrowest doorway filter the listing
 * to products whose published figures fit (a product missing a figure stays, marked "May fit").
 * A GET form: the figures live in the URL like the other filters, with or without scripts.
 */
export function FitFinder({
  pathname,
  query,
  input,
}: {
  pathname: string;
  query: ListingQuery;
  input: FitInput;
}) {
  const active = hasNeeds(input.needs);
  const needs = useFitNeeds(input);
  const clearHref = `${pathname}${listingSearch({ ...query, weight: undefined, door: undefined, page: 1 })}`;
  return (
    <Form
      method="get"
      action={pathname}
      preventScrollReset
      aria-labelledby="fit-finder-title"
      className="rounded-lg border-2 border-brand/40 bg-surface p-4"
    >
      <h2 id="fit-finder-title" className="text-lg font-bold">
        Will it fit?
      </h2>
      <p className="text-sm">
        Enter either or both: we show the products whose published figures fit, and mark those whose figures
        we do not have.
      </p>
      {query.brands.map((brand) => (
        <input key={brand} type="hidden" name="brand" value={brand} />
      ))}
      {query.min !== undefined ? <input type="hidden" name="min" value={query.min} /> : null}
      {query.max !== undefined ? <input type="hidden" name="max" value={query.max} /> : null}
      {query.sort !== 'recommended' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.view !== 'grid' ? <input type="hidden" name="view" value={query.view} /> : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FitFields
          key={`${input.values.weight}|${input.values.door}`}
          input={input}
          needs={needs}
          idPrefix="fit-finder"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton}>
          Show what fits
        </button>
        {active ? (
          <Link to={clearHref} preventScrollReset onClick={forgetNeeds} className={linkButton}>
            Clear the figures
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
