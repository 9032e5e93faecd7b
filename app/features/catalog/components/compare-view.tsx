import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { useHydrated } from '~/lib/use-hydrated';
import { COMPARE_MAX, compareHref } from '../compare';
import type { Comparison } from '../compare.server';
import { readSelection, removeCompared, saveSelection } from '../compare-selection';
import { CompareTable } from './compare-table';
import type { CardControls } from './product-card';

interface CompareViewProps {
  comparison: Comparison;
  /** Whether the address named products: without any, the device's selection is shown. */
  named: boolean;
  /** Add to Cart of each product, from the route (the catalog does not import the cart). */
  AddToCart: CardControls['AddToCart'];
}

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

function Notices({ notFound, extra }: { notFound: number; extra: number }) {
  if (notFound === 0 && extra === 0) return null;
  return (
    <div className="mt-4 rounded-lg border-2 border-warning p-4">
      {notFound > 0 ? (
        <p>
          {notFound === 1
            ? 'One product in this link could not be found, so it is not shown.'
            : `${notFound} products in this link could not be found, so they are not shown.`}
        </p>
      ) : null}
      {extra > 0 ? (
        <p>{`At most ${COMPARE_MAX} products can be compared: only the first ${COMPARE_MAX} in this link were looked at.`}</p>
      ) : null}
    </div>
  );
}

/** The page "Compare products": up to four products side by side, or how to choose them. */
export function CompareView({ comparison, named, AddToCart }: CompareViewProps) {
  const { columns } = comparison;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);
  // After a removal: the column whose Remove button takes the focus once the table has changed.
  const focusAfterRemoval = useRef<number | null>(null);

  // The address is what is shown (it can be shared); the device's selection fills an address
  // that names nothing, and an address adopted from a shared link fills an empty selection.
  useEffect(() => {
    const device = readSelection();
    if (!named && device.length > 0) {
      void navigate(compareHref(device.map((p) => p.id)), { replace: true });
    } else if (named && device.length === 0 && columns.length > 0) {
      saveSelection(columns.map(({ id, name }) => ({ id, name })));
    }
  }, [named, columns, navigate]);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = table.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [columns]);

  function remove(index: number) {
    const removed = columns[index];
    if (!removed) return;
    removeCompared(removed.id);
    focusAfterRemoval.current = index;
    const rest = columns.filter((c) => c.id !== removed.id).map((c) => c.id);
    void navigate(compareHref(rest), { replace: true, preventScrollReset: true });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
        Compare products
      </h1>
      <Notices notFound={comparison.notFound} extra={comparison.extra} />
      {columns.length === 0 ? (
        <div className="mt-8 rounded-lg border border-border p-10 text-center">
          <h2 className="text-xl font-bold">No products to compare yet</h2>
          <p className="mt-2 text-muted">
            Choose Compare on up to {COMPARE_MAX} products to see their specifications side by side. Your
            choice is kept on this device only.
          </p>
          <Link to="/category/all" className={`${primaryButton} mt-6`}>
            Browse Products
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">
            {`${products(columns.length)} side by side. Rows marked "Differs" are not the same for every product; "Not listed" means the maker does not publish that figure.`}
          </p>
          <label className="mt-4 inline-flex min-h-11 cursor-pointer items-center gap-2 font-bold">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand"
              checked={onlyDifferences}
              disabled={!hydrated}
              onChange={(event) => setOnlyDifferences(event.target.checked)}
            />
            Show only differences
          </label>
          <div ref={table}>
            <CompareTable
              comparison={comparison}
              onlyDifferences={onlyDifferences}
              AddToCart={AddToCart}
              onRemove={remove}
            />
          </div>
        </>
      )}
    </div>
  );
}
