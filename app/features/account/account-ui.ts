/** Shared class names of the account forms (buttons: ~/components/ui/button-styles). */
export { inputClass } from '~/components/ui/field';

export const panelClass = 'rounded-lg border border-border p-5 sm:p-6';
