import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('category/:categoryId/:subcategoryId?', 'routes/category.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  // Last: every unknown path answers 404 with the not-found page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
