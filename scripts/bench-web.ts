import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from '../server/env';
import { writeDocSection } from './bench/doc-section';
import { ensureBuild } from './ensure-build';
import { BUDGET_PAGES, WEB_BUDGETS } from './web-budgets';
import { freePort } from '../tests/support/free-port';
import { kb, measurePage, signedInCookie } from './web-weight';

// `npm run bench:web`: what each page costs a shopper on first load, against the budgets,
// written into docs/performance.md between the web-weight markers.
ensureBuild();
// As `npm start` runs it: React picks its production build when it is first loaded, so the
// server (and React with it) is imported only after this.
process.env.NODE_ENV ??= 'production';
const { startServer } = await import('../server/server');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
const port = await freePort();
const server = await startServer(
  parseEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    DATABASE_URL: `file:${dir}/store.db`,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SHUTDOWN_DRAIN_MS: '0',
  }),
);
const rows: string[] = [];
try {
  const cookie = await signedInCookie(server.url);
  for (const page of BUDGET_PAGES) {
    const w = await measurePage(server.url, page.path, page.signedIn ? cookie : undefined);
    const ok =
      w.jsGzip <= page.jsBudget &&
      (!page.htmlBudget || w.htmlGzip <= page.htmlBudget) &&
      w.eagerImageBytes <= WEB_BUDGETS.eagerImages;
    rows.push(
      `| \`${page.path}\`${page.signedIn ? ' (signed in)' : ''} | ${kb(w.jsGzip)} KB (${w.jsFiles.length} files) / ${kb(page.jsBudget)} KB | ${kb(w.htmlGzip)} KB${page.htmlBudget ? ` / ${kb(page.htmlBudget)} KB` : ''} | ${kb(w.eagerImageBytes)} KB / ${kb(WEB_BUDGETS.eagerImages)} KB | ${ok ? 'met' : 'OVER'} |`,
    );
  }
} finally {
  await server.shutdown('bench end');
  rmSync(dir, { recursive: true, force: true });
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, with \`npm run bench:web\`.`,
  '',
  '| page | first-load JavaScript (gzip) / budget | HTML (gzip) / budget | images above the fold / budget | |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(table);

await writeDocSection('web-weight', table);
