import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { InlineCssProvider } from '~/lib/inline-css';
import { serverComponentsLoaded } from '~/lib/lazy-component';
import { NonceProvider } from '~/lib/nonce';
import appCss from './app.css?inline';

export const streamTimeout = 5_000;

/**
 * Our own entry (the default one ignores the CSP nonce): the nonce made by the server for this
 * request goes to every script React Router writes and to our inline theme script.
 *
 * A page whose render finishes in one go (no data still loading: nearly every page) is sent as
 * one buffer. Streaming it would gain nothing (the whole page is ready at once) and costs: React
 * writes a page of 100 KB in about 60 pieces, and each went through a Node stream, a web stream
 * and the compression stream on its own. Pages still waiting for data when the shell is ready
 * are streamed as before.
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
  // Crawlers and SPA-mode generation get the whole document at once; people get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let sent = false;
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
            respond(Buffer.concat(chunks));
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
          if (waitForAll) return;
          // React calls onAllReady right after this when nothing is left to load; if it does
          // not, the rest of the page is still coming: stream.
          queueMicrotask(() => {
            if (sent) return;
            sent = true;
            stream();
          });
        },
        onAllReady() {
          if (sent) return;
          sent = true;
          buffer();
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
    setTimeout(abort, streamTimeout + 1_000);
  });
}
