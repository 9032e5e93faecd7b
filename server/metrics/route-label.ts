import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** Every path no route knows (a scanner's, a mistyped link's) shares this one label. */
export const UNMATCHED = 'unmatched';
/** Pages when the routes are not known (dev, whose build is loaded per request). */
const ANY_PAGE = 'page';
/** Paths remembered with their label; a scan of made-up paths only starts the memory afresh. */
const REMEMBERED = 2_000;

/** A page's path -> its route pattern, such as "/product/:productId". */
export type PagePattern = (pathname: string) => string;

/**
 * The page routes' patterns, from React Router's own route manifest (app/routes.ts) and matcher,
 * so a label is the route as written: "/category/:categoryId/:subcategoryId?". Each path is
 * matched once and remembered (the fast path looks its label up on every cached page).
 */
export function pagePatterns(build: ServerBuild | (() => Promise<ServerBuild>)): PagePattern {
  if (typeof build === 'function') return () => ANY_PAGE;
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      );
  const routes = childrenOf(undefined);
  const remembered = new Map<string, string>();
  return (pathname) => {
    let label = remembered.get(pathname);
    if (label === undefined) {
      label = patternOf(matchRoutes(routes, pathname));
      if (remembered.size >= REMEMBERED) remembered.clear();
      remembered.set(pathname, label);
    }
    return label;
  };
}

function patternOf(matches: ReturnType<typeof matchRoutes>): string {
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*') return UNMATCHED;
  const segments = matches.map((match) => match.route.path).filter((path) => path && path !== '/');
  return `/${segments.join('/')}`.replace(/\/{2,}/g, '/');
}

/**
 * The label of a request the app answered: the Hono route that answered it ("/api/cart/events",
 * "/media/:mediaId"), or for pages React Router's route. A middleware that answered before any
 * route (a refused origin, a body too large) has a wildcard pattern, which is its label; the
 * built files are one label, and any other file of the public folder another. A page's loader
 * data for a client-side navigation is its page's pattern with ".data".
 */
export function routeLabel(c: Context, pagePattern: PagePattern, status: number): string {
  const route = routePath(c);
  if (!route.includes('*')) return route;
  const path = c.req.path;
  if (path.startsWith('/api/')) return route === '/api/*' ? UNMATCHED : route;
  if (path.startsWith('/assets/')) return '/assets/*';
  // A client-side navigation's loader data: "/product/abc.data", and "/_root.data" for "/".
  if (path.endsWith('.data')) {
    if (path === '/_root.data') return path;
    const pattern = pagePattern(path.slice(0, -'.data'.length));
    return pattern === UNMATCHED ? UNMATCHED : `${pattern}.data`;
  }
  const page = pagePattern(path);
  if (page === UNMATCHED && status < 400 && /\.[a-z0-9]+$/i.test(path)) return 'public file';
  return page;
}
