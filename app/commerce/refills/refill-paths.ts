/**
 * The addresses of refill plans' pages (docs/decisions/0065), shared by the mails, the pages and
 * the console: one place to change them.
 */

/** What a mail's one-click link does. */
export const REFILL_LINK_ACTIONS = ['skip', 'date', 'cancel'] as const;
export type RefillLinkAction = (typeof REFILL_LINK_ACTIONS)[number];

export const isRefillLinkAction = (value: string): value is RefillLinkAction =>
  (REFILL_LINK_ACTIONS as readonly string[]).includes(value);

/** The landing page of a mail's link: it names the cycle and the action, the key signs both. */
export const refillLinkPath = (cycleId: string, action: RefillLinkAction) => `/refills/${cycleId}/${action}`;

/** Where a shopper sees their plans (the account). */
export const ACCOUNT_REFILLS_PATH = '/account/refills';

/** The console's refill pages. */
export const ADMIN_REFILLS_PATH = '/admin/refills';
