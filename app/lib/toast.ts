/**
 * Toasts without putting the toast library in every page's first load: the library is
 * fetched after hydration (DeferredToaster) or on the first toast, whichever comes first.
 * A toast waits until the toaster is mounted, so none is lost.
 */
import type * as SonnerModule from 'sonner';

type ToastOptions = { description?: string };
type Sonner = typeof SonnerModule;

let markToasterReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => (markToasterReady = resolve));
let sonner: Promise<Sonner> | undefined;

export function loadSonner(): Promise<Sonner> {
  return (sonner ??= import('sonner'));
}

/** Called by DeferredToaster once sonner's <Toaster> is on the page. */
export function toasterMounted(): void {
  markToasterReady();
}

async function show(kind: 'success' | 'error' | 'info', title: string, options?: ToastOptions) {
  const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
  toast[kind](title, options);
}

export const notify = {
  success: (title: string, options?: ToastOptions) => void show('success', title, options),
  error: (title: string, options?: ToastOptions) => void show('error', title, options),
  info: (title: string, options?: ToastOptions) => void show('info', title, options),
};
