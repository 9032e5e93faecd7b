import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * Makes the page a client of its own (random) address: the e2e server trusts X-Forwarded-For
 * from loopback, so a spec that uses up a rate limit does not refuse another spec's requests.
 */
export async function ownClientAddress(page: Page): Promise<Record<string, string>> {
  const headers = { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
  await page.setExtraHTTPHeaders(headers);
  return headers;
}
