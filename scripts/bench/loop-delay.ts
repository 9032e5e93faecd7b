import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the server process by `npm run bench` (node --import): measures how long the
 * event loop was kept from turning, and how busy the process was, so the bench can tell whether password hashing or any
 * other work blocks every other request; and what memory the process holds. Asked over the IPC channel; adds
 * nothing otherwise.
 */
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
let cpuFrom = process.cpuUsage();
let timeFrom = performance.now();
const cpuMs = () => ((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuFrom));

/** Resident memory and what is in it (MB): JavaScript's heap, and buffers outside it. */
function memory() {
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  return { rssMb: mb(rss), heapTotalMb: mb(heapTotal), heapUsedMb: mb(heapUsed), externalMb: mb(external) };
}

process.on('message', (message) => {
  if (message === 'loop-delay:reset') {
    histogram.reset();
    cpuFrom = process.cpuUsage();
    timeFrom = performance.now();
  }
  if (message === 'loop-delay:read') {
    process.send?.({
      type: 'loop-delay',
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      // Share of one core the server used: near 100 % means the server, not the load
      // generator, was the limit.
      cpuPercent: Math.round((cpuMs() / (performance.now() - timeFrom)) * 100),
      // CPU time the server spent since the reset: divided by the requests answered, the cost
      // of one request, which holds even when other work shares the machine.
      cpuMs: Math.round(cpuMs()),
      ...memory(),
      // maxRSS is in kilobytes.
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    });
  }
});
process.channel?.unref();
