import { spawnSync } from 'node:child_process';

/**
 * `npm run audit:prod` (and CI): fails on a high or critical advisory in a production
 * dependency. When the registry cannot answer the audit itself (some mirrors answer the bulk
 * advisory endpoint with 405), it says so on a WARNING line and does not fail: an outage of the
 * advisory service must not block every build, and the line makes the gap visible in the log.
 */

export type AuditVerdict =
  | { kind: 'unavailable'; reason: string }
  | { kind: 'ok'; counts: Record<string, number> }
  | { kind: 'vulnerable'; counts: Record<string, number>; packages: string[] };

interface AuditJson {
  error?: { summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity?: string }>;
}

const BLOCKING = ['high', 'critical'];

export function auditVerdict(output: string): AuditVerdict {
  let json: AuditJson;
  try {
    json = JSON.parse(output) as AuditJson;
  } catch {
    return { kind: 'unavailable', reason: 'npm audit printed no JSON report' };
  }
  const counts = json.metadata?.vulnerabilities;
  if (json.error || !counts) {
    const reason = json.message || json.error?.summary || json.error?.detail || 'no report';
    return { kind: 'unavailable', reason: `audit endpoint returned an error: ${reason}` };
  }
  const blocking = BLOCKING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
  if (blocking === 0) return { kind: 'ok', counts };
  const packages = Object.entries(json.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v.severity ?? ''))
    .map(([name, v]) => `${name} (${v.severity})`);
  return { kind: 'vulnerable', counts, packages };
}

function main(): void {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  const verdict = auditVerdict(result.stdout);
  if (verdict.kind === 'unavailable') {
    console.log(`WARNING: npm audit skipped, production dependencies NOT checked (${verdict.reason})`);
    return;
  }
  const summary = Object.entries(verdict.counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ');
  if (verdict.kind === 'ok') {
    console.log(`npm audit: no high or critical advisories in production dependencies (${summary})`);
    return;
  }
  console.error(`npm audit: high or critical advisories in production dependencies (${summary}):`);
  for (const name of verdict.packages) console.error(`  ${name}`);
  process.exitCode = 1;
}

if (process.argv[1]?.endsWith('audit.ts')) main();
