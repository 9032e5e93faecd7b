/**
 * Bytes of the catalogue pages' HTML and the time to gzip one as the server does (issue 20,
 * "Less HTML"): raw, gzip as sent (the inline stylesheet deflated once for all pages, the rest
 * at level 1: server/middleware/compress-pages.ts), the page without its stylesheet, and the
 * median time of one gzipPage call. Give two servers (before and after a change) to compare
 * them: their pages are gzipped in turns in one loop, so a busy machine slows both alike.
 *
 *   node --import tsx scripts/bench/html-size.ts http://localhost:3950 [http://localhost:3951]
 */
import { performance } from 'node:perf_hooks';
import { gzipPage } from '../../server/middleware/compress-pages';

const PAGES = ['/', '/category/mobility', '/search?q=walker', '/product/cruiser-iii-lightweight-wheelchair'];
const bases = process.argv.slice(2).filter((a) => a.startsWith('http'));
if (bases.length === 0) bases.push('http://localhost:3950');
const RUNS = Number(process.env.RUNS ?? 3000);

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const cssOf = (html: Buffer) => /<style id="app-css">([\s\S]*?)<\/style>/.exec(html.toString())?.[1];

console.log('server | page | raw | gzip as sent | without stylesheet | gzip time (median µs)');
// Every page is fetched before any is timed: a connection left idle through a timing loop
// may be closed by the server's keep-alive timeout.
const fetched: Buffer[][] = [];
for (const path of PAGES) {
  fetched.push(
    await Promise.all(bases.map(async (base) => Buffer.from(await (await fetch(base + path)).text()))),
  );
}
for (const [p, path] of PAGES.entries()) {
  const pages = fetched[p] ?? [];
  const times = pages.map((): number[] => []);
  for (let i = 0; i < RUNS + 200; i++) {
    pages.forEach((html, n) => {
      const css = cssOf(html);
      const t = performance.now();
      gzipPage(html, css);
      if (i >= 200) times[n]?.push(performance.now() - t); // the first runs warm the JIT and cache
    });
  }
  pages.forEach((html, n) => {
    const css = cssOf(html);
    const rest = html.length - (css ? Buffer.byteLength(css) : 0);
    const micros = (median(times[n] ?? []) * 1000).toFixed(0);
    console.log(
      `${bases[n]} | ${path} | ${html.length} | ${gzipPage(html, css).length} | ${rest} | ${micros}`,
    );
  });
}
