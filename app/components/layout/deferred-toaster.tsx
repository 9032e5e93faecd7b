import { type CSSProperties, lazy, Suspense, useEffect } from 'react';
import { loadSonner, toasterMounted } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';

// Sonner's light rich colours put text at about 4.3:1 on its tinted backgrounds (success, info);
// these darker shades keep every toast at 4.5:1 or more for our readers.
const readableColours = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties;

// Bottom right: at the top a toast covered the header's cart and account links just when a shopper
// who had added something reached for them (and it stays while the pointer rests on it).
const Toaster = lazy(() =>
  loadSonner().then(({ Toaster: SonnerToaster }) => ({
    default: function MountedToaster() {
      useEffect(toasterMounted, []);
      return <SonnerToaster position="bottom-right" closeButton richColors style={readableColours} />;
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
