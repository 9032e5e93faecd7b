import { request } from 'node:http';
import { UNSAFE_decodeViaTurboStream as decodeRouterAnswer } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXT, TAX_EXEMPTION_PATH } from '~/commerce/organisations/tax-exemption';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import { startTestServer, type TestServer } from '../support/test-server';
import { rowCounts } from './support';

/** A POST sent chunked (no Content-Length), so the server learns its size only as it streams. */
function postChunked(url: string, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

describe('request body size', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(async () => t.close());

  const json = (size: number) => Buffer.from(JSON.stringify({ message: 'x'.repeat(size) }));
  const fields = (size: number) => Buffer.from(new URLSearchParams({ email: 'x'.repeat(size) }).toString());

  it('refuses an API body over 1 MB, with or without its length said first, and stores nothing', async () => {
    const before = await rowCounts(t.server.services.database);
    const headers = { 'Content-Type': 'application/json', Origin: t.url };
    const sized = await fetch(`${t.url}/api/checkout/quote`, {
      method: 'POST',
      headers,
      body: json(1024 * 1024 + 1),
    });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    const chunked = await postChunked(`${t.url}/api/checkout/quote`, json(1024 * 1024 + 1), headers);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it("refuses a page form's fields over 1 MB, as JSON when its script asked for JSON", async () => {
    const before = await rowCounts(t.server.services.database);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url };
    const scripted = await postChunked(`${t.url}/newsletter`, fields(1024 * 1024 + 1), {
      ...form,
      Accept: 'application/json',
    });
    expect(scripted.status).toBe(413);
    expect(JSON.parse(scripted.text)).toMatchObject({ error: { code: 'payload_too_large' } });
    const plain = await fetch(`${t.url}/newsletter`, {
      method: 'POST',
      headers: form,
      body: fields(1024 * 1024 + 1),
    });
    expect(plain.status).toBe(413);
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('reads a small body sent chunked as it would any other', async () => {
    const headers = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Origin: t.url,
    };
    const res = await postChunked(`${t.url}/newsletter`, Buffer.from('email='), headers);
    // Through the limit to the form's answer: its own validation answers.
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'invalid_body' } });
  });

  /** A multipart form holding one file of `bytes` bytes, as a browser posts it. */
  const fileForm = (bytes: number) => {
    const form = new FormData();
    form.set('intent', 'upload');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'certificate.pdf');
    return form;
  };
  const OVER_11_MB = 11 * 1024 * 1024 + 1;

  it("tells a browser's certificate upload over its limit the certificate's own rule", async () => {
    const before = await rowCounts(t.server.services.database);
    const res = await fetch(`${t.url}${TAX_EXEMPTION_PATH}`, {
      method: 'POST',
      headers: { Origin: t.url },
      body: fileForm(OVER_11_MB),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(CERTIFICATE_TEXT.tooLarge);
    const chunked = await postChunked(`${t.url}${TAX_EXEMPTION_PATH}`, Buffer.alloc(OVER_11_MB), {
      'Content-Type': 'application/octet-stream',
      Origin: t.url,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.text).toBe(CERTIFICATE_TEXT.tooLarge);
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it("answers React Router's certificate upload over its limit as the form's answer, beside the file field", async () => {
    const res = await fetch(`${t.url}${TAX_EXEMPTION_PATH}.data`, {
      method: 'POST',
      headers: { Origin: t.url },
      body: fileForm(OVER_11_MB),
    });
    expect(res.status).toBe(413);
    // Without this header the router throws the response to the error page instead.
    expect(res.headers.get('x-remix-response')).toBe('yes');
    const decoded = await decodeRouterAnswer(res.body!, globalThis as unknown as Window);
    expect(decoded.value).toEqual({
      data: {
        intent: 'upload',
        ok: false,
        message: CERTIFICATE_TEXT.tooLarge,
        fields: { file: CERTIFICATE_TEXT.tooLarge },
      },
    });
  });

  it("judges a page's React Router post by its page's limit, not the 1 MB of other forms", async () => {
    const res = await fetch(`${t.url}${TAX_EXEMPTION_PATH}.data`, {
      method: 'POST',
      headers: { Origin: t.url },
      body: fileForm(2 * 1024 * 1024),
    });
    // Through the limit to the page's action, which sends a visitor who is not signed in away.
    expect(res.status).not.toBe(413);
    await res.body?.cancel();
  });

  it("tells a prescription over its limit the prescription's rule, as JSON", async () => {
    const form = new FormData();
    form.set('kind', 'upload');
    form.set('file', new Blob([new Uint8Array(OVER_11_MB)], { type: 'application/pdf' }), 'rx.pdf');
    const res = await fetch(`${t.url}/api/prescriptions/some-order`, {
      method: 'POST',
      headers: { Origin: t.url, Accept: 'application/json' },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: PRESCRIPTION_TEXT.tooLarge },
    });
  });

  it('tells any other page over its limit that the request is too large, not an image rule', async () => {
    const res = await fetch(`${t.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url },
      body: fields(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe('This request is too large.');
  });
});
