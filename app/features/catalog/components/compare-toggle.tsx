import { lazyComponent } from '~/lib/lazy-component';

/**
 * The "Compare" checkbox of cards and product pages. Rendered whole by the server (cached
 * pages: always unchecked and disabled), its code comes after the first load and then reads
 * the device's selection: every card carries it, so the first-load budgets pay only this line.
 */
export const CompareToggle = lazyComponent(() => import('./compare-checkbox').then((m) => m.CompareCheckbox));
