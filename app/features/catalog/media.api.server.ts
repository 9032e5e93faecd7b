import { Hono } from 'hono';
import type { AppBindings, AppServices } from '#server/types';

/**
 * Uploaded product images, from the database (every instance has them). A name is a random id
 * and never reused, so the answer may be cached for a year; nosniff and a CSP of its own keep
 * the browser from reading it as anything but an image.
 */
export function mediaRoutes(services: AppServices) {
  const media = new Hono<AppBindings>();
  media.get('/:file{[0-9a-f-]{36}-[0-9]{2,4}\\.webp}', async (c) => {
    const row = await services.database.db
      .selectFrom('media')
      .select(['bytes', 'content_type'])
      .where('id', '=', c.req.param('file'))
      .executeTakeFirst();
    if (!row) return c.text('Not found', 404);
    return new Response(row.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': row.content_type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  });
  media.all('*', (c) => c.text('Not found', 404));
  return media;
}
