import type { AppServices, Viewer } from '#server/types';

// What the Hono server hands to every loader and action (see server/app.ts). Routes reach the
// database only through this, so the app and the server share one connection pool.
declare module 'react-router' {
  interface AppLoadContext {
    nonce: string;
    requestId: string;
    /** The client's address as server/client-ip.ts works it out, for rate limits in actions. */
    clientIp: string;
    services: AppServices;
    /**
     * The signed-in shopper when the page cache has looked them up already, or the stand-in
     * whose name it splices on a cached page (server/page-cache); the root loader's answer.
     */
    viewer?: Viewer;
    /**
     * Told of a page rendered in one go (app/entry.server.tsx), with the text in it that is the
     * same on every page, so the server compresses it in one call (server/middleware/compress-pages).
     */
    wholePage?: (html: Buffer, staticText: string) => void;
  }
}

export {};
