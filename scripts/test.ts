import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm test`: every suite, in the order a failure is cheapest to find. Each step runs even if
 * an earlier one failed, so one run shows every problem; the exit code is non-zero if any did.
 */
const ROOT = process.cwd();
const RESULTS = path.join(ROOT, 'test-results');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
/** Each failed test by file and name, printed again in the summary: a CI log's tail names them. */
const failedTests: string[] = [];

/** The first line of a failure's message, without the colours a reporter puts in. */
function firstLine(message: string | undefined): string {
  const plain = stripVTControlCharacters(message ?? '').trim();
  return plain.split('\n')[0]?.slice(0, 200) ?? '';
}

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${step} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(step);
  return ok;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function vitestStep(step: string, jsonName: string, args: string[]): void {
  const json = path.join(RESULTS, jsonName);
  run(step, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ]);
  const counts = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  }>(json);
  if (counts) {
    for (const file of counts.testResults) {
      const where = path.relative(ROOT, file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed)
        failedTests.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
      if (file.status === 'failed' && failed.length === 0)
        failedTests.push(`${where}: ${firstLine(file.message)}`);
    }
    total.passed += counts.numPassedTests;
    total.failed += counts.numFailedTests;
    total.skipped += counts.numPendingTests + counts.numTodoTests;
  }
}

interface PlaywrightStats {
  expected: number;
  unexpected: number;
  skipped: number;
  flaky: number;
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

function collectPlaywrightFailures(suite: PlaywrightSuite, titles: string[]): void {
  const inside = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue;
      const error = test.results.at(-1)?.error?.message;
      const name = [...inside, spec.title].filter(Boolean).join(' > ');
      failedTests.push(`[${test.projectName}] ${spec.file}:${spec.line} > ${name}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, inside);
}

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

if (run('typecheck', bin('react-router'), ['typegen'])) run('typecheck', bin('tsc'), ['--noEmit']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('format', bin('prettier'), ['--check', '.', '--log-level=warn']);

console.log('\n=== build ===');
try {
  ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failedSteps.push('build');
}

if (!failedSteps.includes('build')) {
  // vitest.config.ts includes tests/hardening, so each file runs once and counts in the totals.
  // The crash loop, the soak and the rolling restart load the machine: they run after the rest,
  // alone, so neither slows the other tests nor is slowed by them (npm run test:hardening runs all).
  const HEAVY = [
    'tests/hardening/crash.test.ts',
    'tests/hardening/soak.test.ts',
    'tests/hardening/rolling-restart.test.ts',
  ];
  vitestStep('unit, integration and hardening tests (Vitest)', 'vitest.json', [
    ...HEAVY.flatMap((file) => ['--exclude', file]),
  ]);
  vitestStep('crash, soak and rolling restart tests (Vitest, one at a time)', 'vitest-heavy.json', [
    ...HEAVY,
    '--maxWorkers=1',
  ]);

  const e2eJson = path.join(RESULTS, 'e2e.json');
  run('end-to-end tests (Playwright)', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
  const e2e = readJson<{ stats: PlaywrightStats; suites: PlaywrightSuite[] }>(e2eJson);
  if (e2e) {
    for (const suite of e2e.suites) collectPlaywrightFailures(suite, []);
    total.passed += e2e.stats.expected + e2e.stats.flaky;
    total.failed += e2e.stats.unexpected;
    total.skipped += e2e.stats.skipped;
  }
}

console.log('\n=== summary ===');
if (failedSteps.length > 0) console.log(`Failed steps: ${[...new Set(failedSteps)].join(', ')}`);
for (const test of failedTests) console.log(`Failed: ${test}`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
