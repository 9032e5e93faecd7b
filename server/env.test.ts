import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'env-test-'));

describe('parseEnv', () => {
  it('gives every variable a working default', () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'file:./data/store.db',
      APP_URL: 'http://localhost:3000',
      PAYMENT_PROVIDER: 'test',
      REQUIRE_EMAIL_VERIFICATION: true,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: 5_000,
      KEEP_ALIVE_TIMEOUT_MS: 65_000,
      isHttps: false,
    });
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrowError(
      new EnvError('PORT must be a whole number between 0 and 65535'),
    );
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/^PORT must be/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/^DATABASE_POOL_SIZE must be/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^DATABASE_URL must start with file: or postgres:\/\//,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /^PAYMENT_PROVIDER must be test, authorizenet or none/,
    );
    expect(() => parseEnv({ REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toThrow(
      /^REQUIRE_EMAIL_VERIFICATION must be true or false/,
    );
    expect(() => parseEnv({ APP_URL: 'not a url' })).toThrow(/^APP_URL must be/);
    expect(() => parseEnv({ STORE_EMAIL: 'nobody' })).toThrow(/^STORE_EMAIL must be an email address/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/^SMTP_URL must start with smtp/);
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/^AUTH_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/^SHUTDOWN_DRAIN_MS must be/);
    expect(() => parseEnv({ KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/^KEEP_ALIVE_TIMEOUT_MS must be/);
  });

  it('reads booleans and treats empty values as unset', () => {
    const env = parseEnv({ REQUIRE_EMAIL_VERIFICATION: 'false', PORT: '', DATA_DIR: dataDir() });
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(env.PORT).toBe(3000);
  });

  it('marks https deployments and trims a trailing slash from APP_URL', () => {
    const env = parseEnv({
      APP_URL: 'https://shop.example/',
      AUTH_SECRET: 'x'.repeat(32),
      HEALTH_DATA_KEY: `ops1:${Buffer.alloc(32, 9).toString('base64')}`,
      PAYMENT_PROVIDER: 'none',
    });
    expect(env.APP_URL).toBe('https://shop.example');
    expect(env.isHttps).toBe(true);
  });

  it('generates AUTH_SECRET once into the data folder and reuses it', () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(true);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it('generates HEALTH_DATA_KEY once into the data folder (owner only), or checks the one given', () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).HEALTH_DATA_KEY;
    expect(first).toMatch(/^local1:[A-Za-z0-9+/]{43}=$/);
    expect(statSync(path.join(dir, 'health-data-key')).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dir }).HEALTH_DATA_KEY).toBe(first);
    const given = `k2:${Buffer.alloc(32, 7).toString('base64')},${first}`;
    expect(parseEnv({ DATA_DIR: dataDir(), HEALTH_DATA_KEY: given }).HEALTH_DATA_KEY).toBe(given);
    expect(() => parseEnv({ DATA_DIR: dataDir(), HEALTH_DATA_KEY: 'k1:c2hvcnQ=' })).toThrow(EnvError);
  });

  it('refuses to invent a health data key for an https production deployment', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://shop.example',
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
      PAYMENT_PROVIDER: 'none',
      DATA_DIR: dataDir(),
    };
    expect(() => parseEnv(production)).toThrow(/^HEALTH_DATA_KEY must be set when APP_URL is https/);
    expect(existsSync(path.join(production.DATA_DIR, 'health-data-key'))).toBe(false);
    const key = `ops1:${Buffer.alloc(32, 9).toString('base64')}`;
    expect(parseEnv({ ...production, HEALTH_DATA_KEY: key }).HEALTH_DATA_KEY).toBe(key);
  });

  it('lets loopback read /metrics by default, and checks the token and the address list', () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.METRICS_ALLOW).toEqual(['127.0.0.0/8', '::1']);
    expect(env.METRICS_TOKEN).toBeUndefined();
    const set = parseEnv({
      DATA_DIR: dataDir(),
      METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.20 ,fd00::/8 ',
      METRICS_TOKEN: 'a'.repeat(32),
    });
    expect(set.METRICS_ALLOW).toEqual(['10.0.0.0/8', '192.168.1.20', 'fd00::/8']);
    expect(parseEnv({ DATA_DIR: dataDir(), METRICS_ALLOW: 'none' }).METRICS_ALLOW).toEqual([]);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      /^METRICS_TOKEN must be at least 32 characters/,
    );
    expect(() => parseEnv({ METRICS_TOKEN: `${'a'.repeat(32)} b` })).toThrow(
      /^METRICS_TOKEN must be printable ASCII without spaces/,
    );
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.1/8/1', '::1/129', '10.0.0.0/']) {
      expect(() => parseEnv({ METRICS_ALLOW: bad })).toThrow(
        new EnvError(
          `METRICS_ALLOW must be IP addresses or CIDR ranges separated by commas (such as 10.0.0.0/8,::1), or none; "${bad}" is neither`,
        ),
      );
    }
  });

  it('refuses to invent a secret for an https production deployment', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', APP_URL: 'https://shop.example', PAYMENT_PROVIDER: 'none' }),
    ).toThrow(/^AUTH_SECRET must be set/);
  });

  it('refuses to start an https store that did not choose its payment gateway', () => {
    const secret = {
      AUTH_SECRET: 'x'.repeat(32),
      HEALTH_DATA_KEY: `ops1:${Buffer.alloc(32, 9).toString('base64')}`,
      DATA_DIR: dataDir(),
    };
    // The default gateway approves test cards and every bank transfer: fine on a laptop only.
    expect(() => parseEnv({ ...secret, APP_URL: 'https://shop.example' })).toThrowError(
      new EnvError(
        'PAYMENT_PROVIDER must be set when APP_URL is https (authorizenet, none, or test on purpose: the test gateway approves test cards and every bank transfer)',
      ),
    );
    expect(() => parseEnv({ ...secret, APP_URL: 'https://shop.example', PAYMENT_PROVIDER: ' ' })).toThrow(
      /^PAYMENT_PROVIDER must be set when APP_URL is https/,
    );
    expect(
      parseEnv({ ...secret, APP_URL: 'https://shop.example', PAYMENT_PROVIDER: 'test' }).PAYMENT_PROVIDER,
    ).toBe('test');
    expect(parseEnv({ ...secret, APP_URL: 'http://localhost:3000' }).PAYMENT_PROVIDER).toBe('test');
  });

  it('reads the backup settings: on every hour by default, with clear messages for bad values', () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({
      SCHEDULED_BACKUPS: true,
      BACKUP_INTERVAL_SECONDS: 3600,
      BACKUP_KEEP_HOURLY: 48,
      BACKUP_KEEP_DAILY: 30,
    });
    expect(env.BACKUP_DIR).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dataDir(), SCHEDULED_BACKUPS: 'false' }).SCHEDULED_BACKUPS).toBe(false);
    expect(() => parseEnv({ SCHEDULED_BACKUPS: 'sometimes' })).toThrow(
      /^SCHEDULED_BACKUPS must be true or false/,
    );
    expect(() => parseEnv({ BACKUP_INTERVAL_SECONDS: '10' })).toThrow(
      new EnvError('BACKUP_INTERVAL_SECONDS must be a whole number of seconds from 60 to 86400'),
    );
    expect(() => parseEnv({ BACKUP_KEEP_HOURLY: '-1' })).toThrow(
      /^BACKUP_KEEP_HOURLY must be a whole number/,
    );
    expect(() => parseEnv({ BACKUP_KEEP_DAILY: 'a month' })).toThrow(
      /^BACKUP_KEEP_DAILY must be a whole number/,
    );
  });
});
