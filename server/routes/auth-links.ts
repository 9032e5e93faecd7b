import { Hono } from 'hono';
import { ownSitePath } from '../auth/auth';
import type { AppBindings } from '../types';

/**
 * The library's GET links of mails already sent, answered before the library: each goes to our
 * page, which acts only when its button is pressed (a POST the origin check guards). Opening a
 * link never makes a session, so another site cannot sign a visitor into an account of its
 * choosing by sending their browser to a link it made (login CSRF, docs/security.md).
 */
export function mailedLinkRoutes() {
  const app = new Hono<AppBindings>();
  const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

  app.get('/verify-email', (c) => {
    const to = new URLSearchParams({ token: c.req.query('token') ?? '' });
    const callbackURL = ownSitePath(c.req.query('callbackURL'));
    if (callbackURL && callbackURL !== '/') to.set('callbackURL', callbackURL);
    return c.body(null, 302, { ...noStore, Location: `/verify-email?${to.toString()}` });
  });

  app.get('/reset-password/:token', (c) => {
    const to = new URLSearchParams({ token: c.req.param('token') });
    return c.body(null, 302, { ...noStore, Location: `/reset-password?${to.toString()}` });
  });

  return app;
}
