import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHIPPED_CONF = path.join(ROOT, 'deploy/nginx/store.conf');

/** Debian's nginx (`apt-get install nginx`), where it is installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

export interface Certificate {
  cert: string;
  key: string;
  pem: string;
}

/** A self-signed certificate for 127.0.0.1, valid for a day, made with openssl. */
export function selfSignedCertificate(dir: string): Certificate {
  const cert = path.join(dir, 'store.pem');
  const key = path.join(dir, 'store.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

export interface ConfPlaces {
  storePort: number;
  httpsPort: number;
  httpPort: number;
  certificate: Certificate;
}

/**
 * The shipped file with only what differs on this machine replaced: the upstream's and the
 * listeners' addresses (loopback, high ports; no IPv6 in a container) and the certificate. Each
 * replaced line must be there exactly once, so a change to the shipped file's shape fails here.
 */
export function renderStoreConf(shipped: string, places: ConfPlaces): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${places.storePort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${places.httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${places.httpPort};`],
    ['ssl_certificate /etc/ssl/certs/store.example.com.pem;', `ssl_certificate ${places.certificate.cert};`],
    [
      'ssl_certificate_key /etc/ssl/private/store.example.com.key;',
      `ssl_certificate_key ${places.certificate.key};`,
    ],
  ];
  let conf = shipped;
  for (const [from, to] of replacements) {
    const count = conf.split(from).length - 1;
    if (count !== 1) throw new Error(`deploy/nginx/store.conf: expected "${from}" once, found ${count}`);
    conf = conf.replace(from, to);
  }
  return conf.replace(/^\s*listen \[::\]:.*\n/gm, '');
}

/** nginx's main file around the store's: everything it writes goes to `dir`. */
function mainConf(dir: string, storeConf: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} info;
events { worker_connections 256; }
http {
    access_log ${path.join(dir, 'access.log')};
    ${temp('client_body')}
    ${temp('proxy')}
    ${temp('fastcgi')}
    ${temp('uwsgi')}
    ${temp('scgi')}
    include ${storeConf};
}
`;
}

export interface RunningNginx {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground (`daemon off`) on the rendered store file; checks it first. */
export function startNginx(dir: string, places: ConfPlaces): RunningNginx {
  const nginx = NGINX;
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  const storeConf = path.join(dir, 'store.conf');
  writeFileSync(storeConf, renderStoreConf(readFileSync(SHIPPED_CONF, 'utf8'), places));
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(main, mainConf(dir, storeConf));
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', main];
  // `nginx -t` names the line of a bad directive, where a failed start says less.
  execFileSync(nginx, [...args, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    output: () => output + readIfThere(path.join(dir, 'error.log')),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/**
 * A JSON POST over HTTPS from a chosen loopback address: another client than 127.0.0.1, as
 * nginx sees it (fetch cannot choose its source address).
 */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  ca: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, ca, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
