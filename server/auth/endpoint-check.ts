import { BY_PATH } from './endpoint-table';

/** The paths of an endpoint registry (Better Auth's `auth.api`): server-only ones have none. */
export function servedPaths(api: Record<string, unknown>): { path: string; methods: string[] }[] {
  const found: { path: string; methods: string[] }[] = [];
  for (const endpoint of Object.values(api)) {
    const { path, options } = endpoint as { path?: unknown; options?: { method?: unknown } };
    if (typeof path !== 'string') continue;
    const method = options?.method;
    const methods = (Array.isArray(method) ? method : [method]).filter(
      (m): m is string => typeof m === 'string',
    );
    found.push({ path, methods });
  }
  return found;
}

/**
 * Throws, naming the path, when the library serves a path the table does not classify: the
 * server must not start with an endpoint nobody decided about.
 */
export function assertEveryPathClassified(api: Record<string, unknown>): void {
  for (const { path } of servedPaths(api)) {
    if (!BY_PATH.has(path)) {
      throw new Error(
        `Auth endpoint ${path} is not classified in server/auth/endpoint-table.ts: close it or give it limits`,
      );
    }
  }
}
