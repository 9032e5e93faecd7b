import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import type { AppBindings } from '../types';
import type { StoreMetrics } from './store-metrics';

type MetricsEnv = Pick<Env, 'METRICS_TOKEN' | 'METRICS_ALLOW' | 'TRUSTED_PROXIES'>;

/**
 * GET /metrics in Prometheus' text format (docs/decisions/0036), for a scraper that sends
 * METRICS_TOKEN as a bearer token or comes from an address of METRICS_ALLOW (loopback by
 * default). Anyone else gets the store's not-found page, as for any path that does not exist:
 * the endpoint is not advertised to scanners. Behind a proxy (TRUSTED_PROXIES set), loopback
 * needs the token too: a proxy on the same machine makes every visitor it forwards without
 * X-Forwarded-For a loopback client.
 */
export function metricsRoute(metrics: StoreMetrics, env: MetricsEnv): MiddlewareHandler<AppBindings> {
  const allowed = addressRanges(env.METRICS_ALLOW);
  const token = env.METRICS_TOKEN ? digest(env.METRICS_TOKEN) : undefined;
  return async (c, next) => {
    if (!hasToken(c, token) && !fromAllowedAddress(c, allowed, env.TRUSTED_PROXIES)) return next();
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests: equal lengths for timingSafeEqual, and the time says nothing of the token. */
function hasToken(c: Context, token: Buffer | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), token);
}

/**
 * The client's address, as the rate limits see it (server/client-ip.ts, behind TRUSTED_PROXIES).
 * A request forwarded by a proxy that is not trusted is refused: its socket address is the
 * proxy's (loopback, for a proxy on the same machine), not the client's.
 */
function fromAllowedAddress(c: Context<AppBindings>, allowed: BlockList, trustedProxies: readonly string[]) {
  if (c.req.header('x-forwarded-for') !== undefined) {
    const socket = (getConnInfo(c).remote.address ?? '').replace(/^::ffff:/, '');
    if (!trustedProxies.includes(socket)) return false;
  }
  const ip = c.get('clientIp');
  const version = isIP(ip);
  if (version === 0) return false;
  const type = version === 4 ? 'ipv4' : 'ipv6';
  if (trustedProxies.length > 0 && LOOPBACK.check(ip, type)) return false;
  return allowed.check(ip, type);
}

const LOOPBACK = addressRanges(['127.0.0.0/8', '::1', '::ffff:127.0.0.0/104']);

/** METRICS_ALLOW's addresses and CIDR ranges (checked by server/env.ts). */
function addressRanges(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
