import { type ComponentType, lazy, Suspense } from 'react';

/** On the server: every lazy component's module, loading or loaded (see serverComponentsLoaded). */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server has every lazy component's module: the document render waits for it
 * (app/entry.server.tsx), so no page is sent with a streamed placeholder that a browser without
 * scripts would keep hidden. Free after the first request: the modules stay loaded.
 */
export function serverComponentsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * A component whose code the browser loads only when the page shows it (first-load budgets),
 * while the server always renders it in full. Both sides wrap it in the same Suspense boundary,
 * so hydration waits for the code in place.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  if (typeof window === 'undefined') {
    serverLoads.push(
      load().then((component) => {
        loaded = component;
      }),
    );
  }
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: P) {
    const Ready = typeof window === 'undefined' ? loaded : undefined;
    return <Suspense fallback={null}>{Ready ? <Ready {...props} /> : <Lazy {...props} />}</Suspense>;
  };
}
