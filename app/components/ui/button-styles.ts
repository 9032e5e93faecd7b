/** Shared looks of buttons and button-like links: at least 44px high, a visible focus ring (global). */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand px-4 font-bold text-brand-fg hover:bg-brand-strong disabled:cursor-not-allowed disabled:bg-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border-2 border-brand bg-bg px-4 font-bold text-brand hover:bg-surface disabled:cursor-not-allowed disabled:border-border disabled:text-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const linkButton =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-bold text-brand underline underline-offset-2 hover:text-brand-strong';

/** An action that cannot be undone (deleting an account): outlined in the danger colour. */
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border-2 border-danger bg-bg px-4 font-bold text-danger hover:bg-surface disabled:cursor-not-allowed disabled:border-border disabled:text-muted';
