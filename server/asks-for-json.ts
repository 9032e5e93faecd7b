import type { Context } from 'hono';

/**
 * Whether a request asks for JSON: a page's form posted by its script (postForm, docs/decisions/0045)
 * does, the browser's own post of the same form asks for a page. The API's paths always answer JSON.
 */
export function asksForJson(c: Context): boolean {
  return c.req.path.startsWith('/api/') || /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');
}
