import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code the browser loads only when the page shows it (first-load budgets),
 * but which the server always renders in full: there the module is loaded at start, so a page
 * is never sent with a streamed placeholder that a browser without scripts would keep hidden.
 * Both sides wrap it in the same Suspense boundary, so hydration waits for the code in place.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  if (typeof window === 'undefined') {
    void load().then((component) => {
      loaded = component;
    });
  }
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: P) {
    const Ready = typeof window === 'undefined' ? loaded : undefined;
    return <Suspense fallback={null}>{Ready ? <Ready {...props} /> : <Lazy {...props} />}</Suspense>;
  };
}
