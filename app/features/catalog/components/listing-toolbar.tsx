import { LayoutGrid, List, SlidersHorizontal } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { SORT_OPTIONS, type SortOption } from '~/commerce/catalogue/listing-url';

interface ListingToolbarProps {
  total: number;
  sort: SortOption;
  view: 'grid' | 'list';
  onSortChange: (sort: SortOption) => void;
  onViewChange: (view: 'grid' | 'list') => void;
  onOpenFilters: () => void;
  /** The listing's filters as fields, posted with a sort or a layout chosen without scripts. */
  keep: readonly (readonly [string, string])[];
}

const toggle = 'inline-flex h-11 w-11 items-center justify-center rounded-md border';

export function ListingToolbar({
  total,
  sort,
  view,
  onSortChange,
  onViewChange,
  onOpenFilters,
  keep,
}: ListingToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-border pb-3">
      <button
        type="button"
        onClick={onOpenFilters}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 font-bold md:hidden"
      >
        <Icon icon={SlidersHorizontal} size={18} />
        Filters
      </button>
      <p className="mr-auto" role="status">
        Showing {total} {total === 1 ? 'product' : 'products'}
      </p>
      {/* A GET form: without scripts the sort posts with its button, a layout with its own. */}
      <form method="get" className="flex flex-wrap items-center gap-3">
        {keep.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="listing-sort" className="sr-only">
          Sort by
        </label>
        <select
          id="listing-sort"
          name="sort"
          value={sort === 'recommended' ? '' : sort}
          onChange={(event) => onSortChange((event.target.value || 'recommended') as SortOption)}
          className="min-h-11 rounded-md border border-border bg-bg px-3"
        >
          <option value="" disabled hidden>
            Sort by
          </option>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="min-h-11 rounded-md border border-border px-4 font-bold">
            Sort
          </button>
        </noscript>
        <div className="flex gap-1" role="group" aria-label="Layout">
          <button
            type="submit"
            name="view"
            value="grid"
            aria-pressed={view === 'grid'}
            aria-label="Grid view"
            onClick={(event) => {
              event.preventDefault();
              onViewChange('grid');
            }}
            className={`${toggle} ${view === 'grid' ? 'border-brand bg-brand text-brand-fg' : 'border-border'}`}
          >
            <Icon icon={LayoutGrid} size={18} />
          </button>
          <button
            type="submit"
            name="view"
            value="list"
            aria-pressed={view === 'list'}
            aria-label="List view"
            onClick={(event) => {
              event.preventDefault();
              onViewChange('list');
            }}
            className={`${toggle} ${view === 'list' ? 'border-brand bg-brand text-brand-fg' : 'border-border'}`}
          >
            <Icon icon={List} size={18} />
          </button>
        </div>
      </form>
    </div>
  );
}
