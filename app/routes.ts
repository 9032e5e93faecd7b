import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('category/:categoryId/:subcategoryId?', 'routes/category.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('about', 'routes/pages/about.tsx'),
  route('faq', 'routes/pages/faq.tsx'),
  route('accessibility', 'routes/pages/accessibility.tsx'),
  route('shipping', 'routes/pages/shipping.tsx'),
  route('returns', 'routes/pages/returns.tsx'),
  route('privacy-policy', 'routes/pages/privacy-policy.tsx'),
  route('terms-conditions', 'routes/pages/terms-conditions.tsx'),
  route('careers', 'routes/pages/careers.tsx'),
  route('shipping-policy', 'routes/pages/shipping-policy.tsx'),
  route('return-policy', 'routes/pages/return-policy.tsx'),
  route('consumer-data-policy', 'routes/pages/consumer-data-policy.tsx'),
  route('ssl-certificate', 'routes/pages/ssl-certificate.tsx'),
  route('sitemap', 'routes/pages/sitemap.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('account', 'routes/account.tsx'),
  // Last: every unknown path answers 404 with the not-found page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
