import { useHydrated } from '~/lib/use-hydrated';
import { notify } from '~/lib/toast';
import { COMPARE_MAX, type ComparedProduct } from '../compare';
import { toggleCompared, useCompareSelection } from '../compare-selection';
import { CompareTray, useTrayHost } from './compare-tray';

const chosen = (n: number) => `${n} of ${COMPARE_MAX} chosen for comparison.`;

/**
 * "Compare" on a card or a product page: a checkbox named after its product. Disabled until
 * the page is interactive, so an early press is not lost; checked from the device's selection.
 */
export function CompareCheckbox({ product }: { product: ComparedProduct }) {
  const hydrated = useHydrated();
  const selection = useCompareSelection();
  const checked = selection.some((p) => p.id === product.id);
  const showsTray = useTrayHost();

  function toggle() {
    const outcome = toggleCompared({ id: product.id, name: product.name });
    const count = selection.length + (outcome === 'added' ? 1 : outcome === 'removed' ? -1 : 0);
    if (outcome === 'added') {
      notify.success('Added to compare', { description: `${product.name}. ${chosen(count)}` });
    } else if (outcome === 'removed') {
      notify.info('Removed from compare', { description: `${product.name}. ${chosen(count)}` });
    } else if (outcome === 'full') {
      notify.error(`You can compare up to ${COMPARE_MAX} products`, {
        description: `${product.name} was not added. Remove one from your comparison first.`,
      });
    } else {
      notify.error('Could not save your comparison', {
        description: 'This browser is not keeping data for our site.',
      });
    }
  }

  return (
    <>
      <label className="check-label">
        <input
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-brand"
          checked={checked}
          disabled={!hydrated}
          onChange={toggle}
        />
        {/* "Compare" alone is visible; the name tells a screen reader which product. */}
        <span>
          Compare<span className="sr-only">{` ${product.name}`}</span>
        </span>
      </label>
      {showsTray ? <CompareTray /> : null}
    </>
  );
}
