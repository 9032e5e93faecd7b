/** Facts about the store shown across the site (header, footer, contact and policy pages). */
export const STORE = {
  name: 'MediSupply',
  tagline: 'Healthcare and medical equipment, delivered',
  phone: '1-800-555-0142',
  phoneHref: 'tel:+18005550142',
  supportEmail: 'support@medisupply.example',
  address: {
    street: '1200 Harbor Park Drive, Suite 300',
    city: 'Columbus',
    region: 'OH',
    postalCode: '43215',
    country: 'United States',
  },
} as const;

/** "MediSupply" title suffix used by every page's <title>. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${STORE.name}` : `${STORE.name} | Healthcare and Medical Equipment`;
}
