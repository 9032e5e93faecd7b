import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (docs/decisions/0049). In production: https only, and never an
 * address of this machine or its private network (SSRF: an admin's form, or a hostname that
 * resolves inward, must not make the store call its own database or a cloud's metadata
 * service). Outside production http is allowed, to a loopback address only: the tests'
 * receiver. The address is checked where the connection is made (the lookup below), so a
 * name that resolved outward when saved and inward later is refused at send time.
 */
const INWARD = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  INWARD.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INWARD.addSubnet(net, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isInwardAddress(address: string): boolean {
  const ip = plain(address);
  return INWARD.check(ip, family(ip));
}

export function isLoopbackAddress(address: string): boolean {
  const ip = plain(address);
  return LOOPBACK.check(ip, family(ip));
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The reason this URL cannot be an endpoint, or null. Checks what can be known without a
 * lookup; a hostname's addresses are checked when a delivery connects.
 */
export function endpointUrlProblem(value: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the full address, starting with https://';
  }
  if (url.username || url.password) return 'The address must not carry a user name or password.';
  if (url.hash) return 'The address must not have a # part.';
  if (value.length > 2000) return 'The address is too long (2,000 characters at most).';
  const host = hostOf(url);
  if (url.protocol === 'https:') {
    if (production && (host === 'localhost' || (isIP(host) && isInwardAddress(host)))) {
      return 'The address must be on the public internet, not this machine or a private network.';
    }
    return null;
  }
  if (url.protocol === 'http:') {
    if (production) return 'The address must start with https:// (deliveries are signed, not hidden).';
    if (host === 'localhost' || (isIP(host) && isLoopbackAddress(host))) return null;
    return 'Outside production, http:// is allowed for a loopback address only; use https://.';
  }
  return 'The address must start with https://';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup for http.request that refuses inward addresses (production) at connect time. */
export function guardedLookup(production: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = production ? addresses.find((entry) => isInwardAddress(entry.address)) : undefined;
      if (refused) {
        const blocked = new Error(
          `${hostname} resolves to ${refused.address}, a private or local address: not sent`,
        ) as NodeJS.ErrnoException;
        blocked.code = 'EWEBHOOKBLOCKED';
        return callback(blocked, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}
