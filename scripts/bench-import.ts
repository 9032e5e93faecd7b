import { readProducts } from '../app/commerce/catalogue/catalogue-db.server';
import { seedFromDataFiles } from '../app/commerce/catalogue/catalogue-store.server';
import { productCsvChunks } from '../app/features/catalog/import/product-export.server';
import { dryRunImport, writeImport } from '../app/features/catalog/import/product-import.server';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { freshDatabase } from './bench/server-process';

// `npm run bench:import`: products in bulk (docs/decisions/0050). A generated CSV of ROWS
// (10,000) new products is dry-run and written, then a second file changing the price and stock
// of all of them, on SQLite and (with BENCH_DATABASE_URL) PostgreSQL: the import's own functions,
// the work the console's upload and "Write these changes" do besides reading the upload.
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const engines = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);
const actor = { id: 'bench', email: 'bench@example.com' };
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function csv(round: number): string {
  const header = 'sku,name,brand,category,subcategory,price,stock,published,description';
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const price = `${100 + (i % 900) + round}.${String((i * 7) % 100).padStart(2, '0')}`;
    return `BULK-${String(i).padStart(6, '0')},Bulk product ${i},Bench Brand ${i % 50},mobility,walkers,${price},${(i % 200) + round},yes,"A generated product for the import bench, number ${i}."`;
  });
  return [header, ...rows].join('\r\n');
}

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

for (const postgresUrl of engines) {
  const fresh = freshDatabase(postgresUrl);
  const database = openDatabase(fresh.url);
  const engine = postgresUrl ? 'PostgreSQL' : 'SQLite';
  try {
    await migrateToLatest(database);
    await seedFromDataFiles(database.db);
    const { db } = database;
    const [created, createDry] = await time(() => dryRunImport(db, csv(0)));
    if (created.counts.create !== ROWS)
      throw new Error(`expected ${ROWS} creates: ${JSON.stringify(created.counts)}`);
    const [, createWrite] = await time(() => writeImport(db, actor, csv(0), { fileName: 'create.csv' }));
    const [updated, updateDry] = await time(() => dryRunImport(db, csv(1)));
    if (updated.counts.update !== ROWS)
      throw new Error(`expected ${ROWS} updates: ${JSON.stringify(updated.counts)}`);
    const [, updateWrite] = await time(() =>
      writeImport(db, actor, csv(1), { fileName: 'update.csv', expectedDigest: updated.digest }),
    );
    const [exported, exportTime] = await time(async () => {
      let bytes = 0;
      for await (const chunk of productCsvChunks(db)) bytes += chunk.length;
      return bytes;
    });
    const [products, readAll] = await time(() => readProducts(db));
    console.log(
      `${engine}: ${ROWS} rows (${(csv(0).length / 1e6).toFixed(1)} MB). Create: dry run ${seconds(createDry)}, write ${seconds(createWrite)}. ` +
        `Update (price and stock of every row): dry run ${seconds(updateDry)}, write ${seconds(updateWrite)}. ` +
        `Export of ${products.length} published products (${(exported / 1e6).toFixed(1)} MB): ${seconds(exportTime)}; ` +
        `the storefront's full re-read after the change signal ('all'): ${seconds(readAll)}.`,
    );
  } finally {
    await database.close();
    await fresh.drop();
  }
}
