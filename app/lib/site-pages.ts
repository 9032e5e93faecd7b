/** The store's content and policy pages: the footer, both sitemaps and the routes share it. */
export interface SitePage {
  path: string;
  title: string;
  group: 'company' | 'customer-service' | 'policies';
}

export const SITE_PAGES: SitePage[] = [
  { path: '/about', title: 'About Us', group: 'company' },
  { path: '/careers', title: 'Careers', group: 'company' },
  { path: '/accessibility', title: 'Accessibility', group: 'company' },
  { path: '/contact', title: 'Contact Us', group: 'customer-service' },
  { path: '/faq', title: 'FAQ', group: 'customer-service' },
  { path: '/shipping', title: 'Shipping Information', group: 'customer-service' },
  { path: '/returns', title: 'Returns & Exchanges', group: 'customer-service' },
  { path: '/privacy-policy', title: 'Privacy Policy', group: 'policies' },
  { path: '/terms-conditions', title: 'Terms & Conditions', group: 'policies' },
  { path: '/shipping-policy', title: 'Shipping Policy', group: 'policies' },
  { path: '/return-policy', title: 'Return Policy', group: 'policies' },
  { path: '/consumer-data-policy', title: 'Consumer Data Policy', group: 'policies' },
  { path: '/ssl-certificate', title: 'SSL Certificate', group: 'policies' },
  { path: '/sitemap', title: 'Sitemap', group: 'policies' },
];
