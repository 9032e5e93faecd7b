import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { linkButton, primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { notify } from '~/lib/toast';
import { COMPARE_MAX, compareHref, type ComparedProduct } from '../compare';
import { removeCompared, saveSelection, useCompareSelection } from '../compare-selection';

/**
 * The compare tray: while products are chosen, a bar at the bottom of the window leads to the
 * comparison and lets the shopper take products out. It belongs to the Compare checkboxes'
 * code, which comes after the first load: whichever checkbox is mounted first shows it (below),
 * so no page pays for the tray in its first load, and pages without checkboxes have none.
 */

let lastToken = 0;
let hosts: readonly number[] = [];
const hostListeners = new Set<() => void>();
const subscribeHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
};
const setHosts = (next: readonly number[]) => {
  hosts = next;
  for (const listener of hostListeners) listener();
};

/** True for one mounted caller at a time: the first of those still mounted. */
export function useTrayHost(): boolean {
  const [token] = useState(() => ++lastToken);
  useEffect(() => {
    setHosts([...hosts, token]);
    return () => setHosts(hosts.filter((t) => t !== token));
  }, [token]);
  return useSyncExternalStore(
    subscribeHosts,
    () => hosts[0] === token,
    () => false,
  );
}

/**
 * Keeps what keyboard focus scrolls to above the bar (WCAG 2.4.11, focus not obscured): the
 * page's scroll padding follows the bar's height.
 */
function useRoomAbove(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [ref]);
}

const focusPage = () => document.getElementById('main-content')?.focus({ preventScroll: true });

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

function TrayBar({ selection }: { selection: ComparedProduct[] }) {
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  useRoomAbove(bar);

  // The pressed button goes away with its row: focus stays in the tray, or goes back to the
  // page when the tray goes too.
  function remove(product: ComparedProduct) {
    removeCompared(product.id);
    notify.info('Removed from compare', { description: product.name });
    if (selection.length > 1) toggleButton.current?.focus();
    else focusPage();
  }

  return (
    <section
      ref={bar}
      aria-labelledby="compare-tray-title"
      className="sticky bottom-0 z-30 border-t-2 border-brand bg-bg shadow-[0_-4px_12px_rgb(0_0_0/0.15)]"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <h2 id="compare-tray-title" className="font-bold">
          Products to compare: {selection.length} of {COMPARE_MAX}
        </h2>
        <Link to={compareHref(selection.map((p) => p.id))} className={primaryButton}>
          Compare {products(selection.length)}
        </Link>
        <button
          ref={toggleButton}
          type="button"
          className={secondaryButton}
          aria-expanded={open}
          aria-controls="compare-tray-list"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide list' : 'Show list'}
        </button>
      </div>
      <ul id="compare-tray-list" hidden={!open} className="mx-auto max-w-7xl px-4 pb-2">
        {selection.map((product) => (
          <li key={product.id} className="flex items-center justify-between gap-2 border-b border-border">
            <span>{product.name}</span>
            <button type="button" className={`${linkButton} shrink-0`} onClick={() => remove(product)}>
              Remove<span className="sr-only"> {product.name} from comparison</span>
            </button>
          </li>
        ))}
        <li className="py-1">
          <button
            type="button"
            className={linkButton}
            onClick={() => {
              saveSelection([]);
              notify.info('Comparison cleared');
              focusPage();
            }}
          >
            Remove all
          </button>
        </li>
      </ul>
    </section>
  );
}

/** The tray, at the end of the page (after the footer), while the device has products chosen. */
export function CompareTray() {
  const selection = useCompareSelection();
  if (selection.length === 0) return null;
  return createPortal(<TrayBar selection={selection} />, document.body);
}
