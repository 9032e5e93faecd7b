import { CheckSquare, Square } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '~/commerce/money';
import type { Brand } from '~/commerce/catalogue/catalog.types';

export interface FilterSelection {
  brands: string[];
  min: number;
  max: number;
}

interface FilterPanelProps {
  idPrefix: string;
  filterLinks: { id: string; name: string; href: string; current: boolean }[];
  brands: Brand[];
  priceMax: number;
  selected: FilterSelection;
  resetHref: string;
  onApply: (selection: FilterSelection) => void;
  /** The listing's other state (sort, view, fit) as fields, posted with the filters without scripts. */
  keep: readonly (readonly [string, string])[];
  /** Mobile: each section collapses; Categories starts open. */
  collapsible?: boolean;
}

function Section({
  title,
  collapsible,
  open,
  children,
}: {
  title: string;
  collapsible: boolean;
  open: boolean;
  children: ReactNode;
}) {
  if (!collapsible) {
    return (
      <div className="border-t border-border pt-4">
        <fieldset className="m-0 min-w-0 border-0 p-0">
          <legend className="mb-2 font-bold">{title}</legend>
          {children}
        </fieldset>
      </div>
    );
  }
  return (
    <details open={open} className="border-t border-border pt-3">
      <summary className="min-h-11 cursor-pointer py-2 font-bold">{title}</summary>
      <fieldset className="pb-3">
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

/** Two native sliders (minimum and maximum): keyboard and screen-reader support for free. */
function PriceRange(props: {
  idPrefix: string;
  max: number;
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const { idPrefix, max, value, onChange } = props;
  const [low, high] = value;
  const slider = (label: string, which: 0 | 1) => {
    const id = `${idPrefix}-price-${which === 0 ? 'min' : 'max'}`;
    const current = value[which];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="flex justify-between text-sm">
          <span>{label}</span>
          <span className="font-bold">{formatDollars(current)}</span>
        </label>
        <input
          id={id}
          type="range"
          min={0}
          max={max}
          step={1}
          name={which === 0 ? 'min' : 'max'}
          value={current}
          aria-valuetext={formatDollars(current)}
          onChange={(event) => {
            const next = Number(event.target.value);
            onChange(which === 0 ? [Math.min(next, high), high] : [low, Math.max(next, low)]);
          }}
          className="h-11 w-full accent-brand"
        />
      </div>
    );
  };
  return (
    <div className="flex flex-col gap-2">
      {slider('Minimum price', 0)}
      {slider('Maximum price', 1)}
    </div>
  );
}

/**
 * 'Filter Products': category links, brand checkboxes and a price range. Brand and price
 * choices stay pending until 'Apply Filters'.
 */
export function FilterPanel(props: FilterPanelProps) {
  const {
    idPrefix,
    filterLinks,
    brands,
    priceMax,
    selected,
    resetHref,
    onApply,
    keep,
    collapsible = false,
  } = props;
  const [pendingBrands, setPendingBrands] = useState<string[]>(selected.brands);
  const [range, setRange] = useState<[number, number]>([selected.min, selected.max]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ brands: pendingBrands, min: range[0], max: range[1] });
  };

  return (
    // A GET form: without scripts Apply Filters loads the same page with the filters in its URL.
    <form
      method="get"
      onSubmit={submit}
      aria-labelledby={`${idPrefix}-title`}
      className="flex flex-col gap-4"
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex items-center justify-between">
        <h2 id={`${idPrefix}-title`} className="text-lg font-bold">
          Filter Products
        </h2>
        <Link to={resetHref} className="text-sm font-bold text-brand underline">
          Reset All
        </Link>
      </div>

      {filterLinks.length > 0 ? (
        <Section title="Categories" collapsible={collapsible} open>
          <ul className="flex flex-col">
            {filterLinks.map((link) => (
              <li key={link.id}>
                <Link
                  to={link.href}
                  aria-current={link.current ? 'page' : undefined}
                  className="flex min-h-11 items-center gap-2 hover:underline"
                >
                  {link.current ? (
                    <Icon icon={CheckSquare} size={20} className="text-brand" />
                  ) : (
                    <Icon icon={Square} size={20} />
                  )}
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Brands" collapsible={collapsible} open={false}>
        <ul className="flex flex-col">
          {brands.map((brand) => (
            <li key={brand.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  name="brand"
                  value={brand.id}
                  className="h-5 w-5 accent-brand"
                  checked={pendingBrands.includes(brand.id)}
                  onChange={(event) =>
                    setPendingBrands((current) =>
                      event.target.checked ? [...current, brand.id] : current.filter((id) => id !== brand.id),
                    )
                  }
                />
                {brand.name}
              </label>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Price Range" collapsible={collapsible} open={false}>
        <PriceRange idPrefix={idPrefix} max={priceMax} value={range} onChange={setRange} />
      </Section>

      <button
        type="submit"
        className="min-h-11 rounded-md bg-brand px-4 font-bold text-brand-fg hover:bg-brand-strong"
      >
        Apply Filters
      </button>
    </form>
  );
}
