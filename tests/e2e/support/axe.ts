import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: unknown[][];
}

const toastStates = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-sonner-toast]')]
      .map((toast) => `${toast.getAttribute('data-removed')}:${getComputedStyle(toast).opacity}`)
      .join(','),
  );

/**
 * Runs axe-core in the page and fails on serious or critical violations. The script is
 * evaluated through the DevTools protocol, so our CSP (rightly) does not block it.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await toastsSettled(page);
  const before = await toastStates(page);
  let serious = await seriousFindings(page);
  // A toast that began to leave while axe ran (toasts last four seconds, a scan about one) was
  // read mid-fade: the page is scanned again once it has settled. Any other finding stands.
  if (serious.length > 0 && (await toastStates(page)) !== before) {
    await toastsSettled(page);
    serious = await seriousFindings(page);
  }
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * A toast fading in or out has text of any contrast for a moment: checked once it has settled
 * (fully shown, or gone), as a person would read it. A toast left from a step before (the
 * "Login successful" of a sign-in) once failed a console page's scan mid-fade.
 */
async function toastsSettled(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) =>
          toast.getAttribute('data-mounted') === 'true' &&
          toast.getAttribute('data-removed') !== 'true' &&
          getComputedStyle(toast).opacity === '1',
      ),
    undefined,
    { timeout: 10_000 },
  );
}

async function seriousFindings(page: Page): Promise<Finding[]> {
  axeSource ??= (await import('node:fs')).readFileSync(axePath, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
