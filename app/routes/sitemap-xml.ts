import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { SITE_PAGES } from '~/lib/site-pages';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Every catalogue and content URL, for search engines. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.services.env.APP_URL;
  const { categories, products } = catalogueOf(context.services);
  const paths = [
    '/',
    '/category/all',
    ...categories.flatMap((c) => [
      `/category/${c.id}`,
      ...c.subcategories.map((s) => `/category/${c.id}/${s.id}`),
    ]),
    ...products.map((p) => p.link),
    ...SITE_PAGES.map((p) => p.path),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
