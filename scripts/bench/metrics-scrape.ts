/**
 * GET /metrics before and after a run (the bench's client is on loopback, which METRICS_ALLOW
 * lets in by default): what the store counted, beside what the load generator sent.
 */
export type Figures = Map<string, number>;

export async function scrapeMetrics(url: string): Promise<Figures> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const figures: Figures = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    figures.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return figures;
}

/** The sum of every series of a metric that moved, by series, largest first. */
function movedSeries(before: Figures, after: Figures, metric: string): [string, number][] {
  const moved: [string, number][] = [];
  for (const [series, value] of after) {
    if (series !== metric && !series.startsWith(`${metric}{`)) continue;
    const delta = value - (before.get(series) ?? 0);
    if (delta > 0) moved.push([series.slice(metric.length), delta]);
  }
  return moved.sort((a, b) => b[1] - a[1]);
}

const total = (series: [string, number][]) => series.reduce((sum, [, n]) => sum + n, 0);

export function describeMoves(before: Figures, after: Figures): string {
  const requests = movedSeries(before, after, 'http_request_duration_seconds_count');
  const hits = total(movedSeries(before, after, 'store_page_cache_hits_total'));
  const misses = total(movedSeries(before, after, 'store_page_cache_misses_total'));
  const lines = [
    `metrics moved: ${total(requests)} requests counted; page cache ${hits} hits, ${misses} misses`,
    ...requests.slice(0, 8).map(([labels, n]) => `  ${n} ${labels}`),
  ];
  for (const metric of [
    'store_orders_created_total',
    'store_orders_paid_total',
    'store_payments_declined_total',
    'store_sign_ins_failed_total',
    'store_rate_limit_refusals_total',
  ]) {
    const moved = total(movedSeries(before, after, metric));
    if (moved > 0) lines.push(`  ${metric} +${moved}`);
  }
  const lag = after.get('nodejs_eventloop_lag_p99_seconds');
  if (lag !== undefined)
    lines.push(`  event-loop delay p99 since the last scrape: ${(lag * 1000).toFixed(1)} ms`);
  const pool = after.get('store_db_pool_connections');
  if (pool !== undefined) {
    const idle = after.get('store_db_pool_idle_connections') ?? 0;
    const waiting = after.get('store_db_pool_waiting_queries') ?? 0;
    lines.push(
      `  PostgreSQL pool after the run: ${pool} connections, ${idle} idle, ${waiting} queries waiting`,
    );
  }
  const jobs = [...after].filter(([series, n]) => series.startsWith('store_jobs{') && n > 0);
  if (jobs.length > 0)
    lines.push(`  jobs left: ${jobs.map(([series, n]) => `${n} ${series.slice(10)}`).join(', ')}`);
  const heap = after.get('nodejs_heap_size_used_bytes');
  const resident = after.get('process_resident_memory_bytes');
  if (heap !== undefined && resident !== undefined) {
    lines.push(
      `  heap used ${(heap / 2 ** 20).toFixed(0)} MB, resident ${(resident / 2 ** 20).toFixed(0)} MB`,
    );
  }
  return lines.join('\n');
}
