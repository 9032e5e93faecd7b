import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../app/routes';
import { CONSOLE_SECTIONS } from '../../app/console/console';

export interface ConsoleRoute {
  /** '/admin/orders/:reference' as the router has it. */
  pattern: string;
  file: string;
}

function flatten(entries: readonly RouteConfigEntry[], parent = ''): ConsoleRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent;
    const own = entry.path !== undefined || entry.index ? [{ pattern: path || '/', file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

/** Every console page and resource of the router itself: a new one cannot be left out. */
export function consoleRoutes(): ConsoleRoute[] {
  return flatten(routes).filter((route) => route.pattern === '/admin' || route.pattern.startsWith('/admin/'));
}

/** The console's admin-only sections (their pages and actions refuse staff). */
export const ADMIN_ONLY = CONSOLE_SECTIONS.filter((s) => s.adminOnly).map((s) => s.to);
