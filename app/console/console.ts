import { easternOffsetMinutes } from '~/lib/store-time';

/** What every console page shares: its headers, its meta, its sections. */

/** Never cached anywhere, never indexed: each answer is one member of staff's. */
export const CONSOLE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export function consoleMeta(title: string) {
  return [{ title: `${title} | MediSupply console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export interface ConsoleSection {
  to: string;
  label: string;
  /** Only administrators see it (and its pages refuse staff). */
  adminOnly?: boolean;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/invoices', label: 'Invoices' },
  { to: '/admin/refills', label: 'Refills' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/organisations', label: 'Organisations' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/promotions', label: 'Promotions' },
  { to: '/admin/tax-certificates', label: 'Tax certificates' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/staff', label: 'Staff', adminOnly: true },
  { to: '/admin/sign-in', label: 'Organisation sign-in', adminOnly: true },
  { to: '/admin/webhooks', label: 'Webhooks', adminOnly: true },
  { to: '/admin/shipping-tax', label: 'Shipping and tax', adminOnly: true },
];

/** Text typed into a console search: printable, trimmed, at most `max` characters. */
export function searchText(value: string | null, max = 100): string {
  // Control characters (a NUL above all, which PostgreSQL cannot take) become spaces.
  const printable = [...(value ?? '')].map((c) =>
    c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c,
  );
  return printable.join('').trim().slice(0, max);
}

/** A page number from the URL: 1 for anything that is not a whole number from 1 to 10,000. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** Epoch ms of a yyyy-mm-dd date at midnight in the store's time zone (Eastern), or undefined. */
export function dayStart(value: string | null, offsetDays = 0): number | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d + offsetDays, 12);
  if (Number.isNaN(utc)) return undefined;
  // Noon UTC of that day, minus the Eastern offset at that moment, back to midnight Eastern.
  const offset = easternOffsetMinutes(utc);
  return Date.UTC(y, m - 1, d + offsetDays) + offset * 60_000;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});

/** "Nov 24, 2026, 3:05 PM" in the store's time zone. */
export function formatDateTime(at: number): string {
  return dateTime.format(new Date(at));
}
