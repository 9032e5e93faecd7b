import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, guardedLookup, isInwardAddress } from './endpoint-url.server';
import { postDelivery } from './sender.server';

describe('webhook endpoint addresses', () => {
  it('takes a public https address in production', () => {
    expect(endpointUrlProblem('https://hooks.example.com/store', true)).toBeNull();
    expect(endpointUrlProblem('https://93.184.216.34/hook', true)).toBeNull();
  });

  it.each([
    ['http://hooks.example.com/store', 'must start with https://'],
    ['https://localhost/hook', 'not this machine or a private network'],
    ['https://127.0.0.1/hook', 'not this machine or a private network'],
    ['https://10.1.2.3/hook', 'not this machine or a private network'],
    ['https://192.168.0.10/hook', 'not this machine or a private network'],
    ['https://172.20.0.1/hook', 'not this machine or a private network'],
    ['https://169.254.169.254/latest/meta-data', 'not this machine or a private network'],
    ['https://[::1]/hook', 'not this machine or a private network'],
    ['https://[fd00::1]/hook', 'not this machine or a private network'],
    ['https://[::ffff:10.0.0.1]/hook', 'not this machine or a private network'],
    ['https://user:pw@hooks.example.com/', 'user name or password'],
    ['file:///etc/passwd', 'must start with https://'],
    ['hooks.example.com', 'Enter the full address'],
  ])('refuses %s in production', (url, message) => {
    expect(endpointUrlProblem(url, true)).toContain(message);
  });

  it('allows http to loopback only outside production (the tests’ receiver)', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', false)).toBeNull();
    expect(endpointUrlProblem('http://localhost:4000/hook', false)).toBeNull();
    expect(endpointUrlProblem('http://[::1]:4000/hook', false)).toBeNull();
    expect(endpointUrlProblem('http://10.0.0.5/hook', false)).toContain('loopback address only');
  });

  it('knows inward addresses in both families', () => {
    expect(isInwardAddress('100.64.0.1')).toBe(true);
    expect(isInwardAddress('8.8.8.8')).toBe(false);
    expect(isInwardAddress('fe80::1')).toBe(true);
    expect(isInwardAddress('2606:4700::1111')).toBe(false);
  });

  it('refuses at connect time a name that resolves inward (production)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(true)('localhost', {}, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EWEBHOOKBLOCKED');
    const sent = await postDelivery('https://localhost:9/hook', {}, '{}', {
      timeoutMs: 1000,
      production: true,
    });
    expect(sent).toMatchObject({ outcome: 'refused', statusCode: null });
    expect(sent.error).toContain('private or local address');
  });
});
