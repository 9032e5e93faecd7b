/** Shared class names of the account forms: 44px targets, visible focus from app.css. */
export const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 text-fg aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger read-only:bg-surface';

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 font-bold text-brand-fg hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-border px-4 font-bold hover:bg-surface disabled:cursor-not-allowed disabled:opacity-70';

export const linkButton =
  'inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-2 hover:text-brand-strong';

export const panelClass = 'rounded-lg border border-border p-5 sm:p-6';
