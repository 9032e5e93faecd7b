/** Shared class names of the account forms: 44px targets, visible focus from app.css. */
export { inputClass } from '~/components/ui/field';

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 font-bold text-brand-fg hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-border px-4 font-bold hover:bg-surface disabled:cursor-not-allowed disabled:opacity-70';

export const linkButton =
  'inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-2 hover:text-brand-strong';

export const panelClass = 'rounded-lg border border-border p-5 sm:p-6';
