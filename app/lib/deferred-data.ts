/**
 * Whether a page's loader or action data holds a promise still to be sent (React Router streams
 * such deferred values after the page). Loaders defer a value as a property of the object they
 * return, so the top level of each route's data is where to look; a promise hidden deeper is
 * still sent, only not progressively.
 */
export function hasDeferredData(...routeData: (Record<string, unknown> | null | undefined)[]): boolean {
  for (const byRoute of routeData) {
    if (!byRoute) continue;
    for (const data of Object.values(byRoute)) {
      if (isPromise(data)) return true;
      if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
      for (const value of Object.values(data)) if (isPromise(value)) return true;
    }
  }
  return false;
}

function isPromise(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
