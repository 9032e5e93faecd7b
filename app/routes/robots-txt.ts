import type { Route } from './+types/robots-txt';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.services.env.APP_URL;
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /account',
    'Disallow: /cart',
    'Disallow: /search',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
