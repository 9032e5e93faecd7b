/**
 * A route action's answer as React Router's own script reads it, for the few answers given ahead
 * of the framework to a form it posted (`POST /page.data`): a body over the limit is refused
 * before any action runs, yet the page must show why where it shows its form's other errors
 * (`useActionData`), not on the error page a bare 413 leads to.
 *
 * The framework does not export its encoder, so this writes the one shape it needs: an action's
 * result `{ data }` in turbo-stream's flat form (an array of values, objects as `{"_key": value}`
 * by index), JSON values only. The framework's own decoder reads it back in
 * tests/hardening/body-size.test.ts, so a change of format fails there first.
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function flatten(root: Json): string {
  const values: string[] = [];
  const add = (value: Json): number => {
    const index = values.length;
    values.push('');
    if (value === null || typeof value !== 'object') {
      values[index] = JSON.stringify(value);
    } else if (Array.isArray(value)) {
      values[index] = `[${value.map(add).join(',')}]`;
    } else {
      values[index] = `{${Object.entries(value)
        .map(([key, item]) => `"_${add(key)}":${add(item)}`)
        .join(',')}}`;
    }
    return index;
  };
  add(root);
  return `[${values.join(',')}]\n`;
}

/** Whether a page's form was posted by the framework's script (single fetch) rather than the browser. */
export const postedByRouter = (path: string) => path.endsWith('.data');

/** The page's path a single-fetch request is for: `/a/b.data` is `/a/b`, `/_root.data` is `/`. */
export function pagePath(path: string): string {
  if (!postedByRouter(path)) return path;
  const page = path.slice(0, -'.data'.length);
  return page === '/_root' ? '/' : page;
}

/** `data` as the route action's result, with `status`, as the framework answers its script. */
export function routeActionAnswer(data: Json, status: number): Response {
  return new Response(flatten({ data }), {
    status,
    headers: { 'Content-Type': 'text/x-script', 'X-Remix-Response': 'yes', 'Cache-Control': 'no-store' },
  });
}
