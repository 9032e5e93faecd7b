import { lazy, Suspense, useEffect } from 'react';
import { loadSonner, toasterMounted } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';

const Toaster = lazy(() =>
  loadSonner().then(({ Toaster: SonnerToaster }) => ({
    default: function MountedToaster() {
      useEffect(toasterMounted, []);
      return <SonnerToaster position="top-right" closeButton richColors />;
    },
  })),
);

/** The toast area, mounted after hydration so the library stays out of the first load. */
export function DeferredToaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
