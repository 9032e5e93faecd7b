import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Last: every unknown path answers 404 with the not-found page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
