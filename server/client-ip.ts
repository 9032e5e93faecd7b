import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the client. X-Forwarded-For is believed only when the connection comes from
 * a configured trusted proxy (TRUSTED_PROXIES); otherwise anyone could reset their rate-limit
 * counters by sending a made-up header. Walking from the right, the first address that is not
 * a trusted proxy is the client.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  const socketAddress = normalize(getConnInfo(c).remote.address ?? 'unknown');
  if (!trustedProxies.includes(socketAddress)) return socketAddress;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => normalize(part.trim()))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i];
    if (address && !trustedProxies.includes(address)) return address;
  }
  return socketAddress;
}

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
