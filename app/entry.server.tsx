import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { InlineCssProvider } from '~/lib/inline-css';
import { hasDeferredData } from '~/lib/deferred-data';
import { serverComponentsLoaded } from '~/lib/lazy-component';
import { NonceProvider } from '~/lib/nonce';
import appCss from '~/app.css?inline';

export const streamTimeout = 5_000;

/**
 * Our own entry (the default one ignores the CSP nonce): the nonce made by the server for this
 * request goes to every script React Router writes and to our inline theme script.
 *
 * A page with no data still loading (nearly every page) is sent as one buffer. Streaming it
 * would gain nothing (the whole page is ready as soon as React is done) and costs: React
 * writes a page of 100 KB in about 60 pieces, and each went through a Node stream, a web stream
 * and the compression stream on its own. Pages still waiting for data when the shell is ready
 * are streamed as before. The server is told of a page sent whole, and of the stylesheet in it,
 * and gzips it in one call with the stylesheet compressed once (server/middleware/compress-pages).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // Sections whose browser code loads on demand are rendered whole here (~/lib/lazy-component).
  await serverComponentsLoaded();
  // Crawlers and SPA-mode generation get the whole document at once, and so does anyone whose
  // page has no data still loading. Its render still ends a few ticks after the shell (React
  // Router writes the page's data through a stream of its own), so this is decided by the data,
  // not by waiting to see whether the render ends at once. A page with deferred data streams.
  const { loaderData, actionData } = routerContext.staticHandlerContext;
  const waitForAll =
    isbot(request.headers.get('user-agent') ?? '') ||
    routerContext.isSpaMode ||
    !hasDeferredData(loaderData, actionData);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the page is whole: a timer per request left for six seconds is thousands
    // alive at a few hundred pages a second, each firing an abort of a finished render.
    const timer: { id?: ReturnType<typeof setTimeout> } = {};
    const respond = (body: ConstructorParameters<typeof Response>[0]) => {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const stream = () => {
      const body = new PassThrough();
      respond(createReadableStreamFromReadable(body));
      pipe(body);
    };
    const buffer = () => {
      const chunks: Buffer[] = [];
      pipe(
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timer.id);
            // Not applied: scripts after the largest paint (ADR 0068). A "Continue with" press during
            // hydration was lost when hydration moved the button (fixed); the full suite is unverified.
            const html = Buffer.concat(chunks);
            loadContext.wholePage?.(html, appCss);
            respond(html);
            callback();
          },
        }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={appCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary stays where it is in the HTML. React would otherwise move a
        // large one behind a script that reveals it (progressive chunking): hidden without scripts.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellRendered = true;
          if (!waitForAll) stream();
        },
        onAllReady() {
          if (waitForAll) buffer();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell reject above; later ones are logged by the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    timer.id = setTimeout(abort, streamTimeout + 1_000);
  });
}
