/**
 * Shared looks of buttons and button-like links: at least 44px high, a visible focus ring
 * (global). Each is a named class of app/app.css (components layer) rather than its dozen
 * utilities, as pages repeat them (an Add button on every card); utilities added beside a
 * name still win.
 */
export const primaryButton = 'btn-primary';

export const secondaryButton = 'btn-secondary';

export const linkButton = 'btn-link';

/** An action that cannot be undone (deleting an account): outlined in the danger colour. */
export const dangerButton = 'btn-danger';
