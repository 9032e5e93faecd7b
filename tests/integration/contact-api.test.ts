import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const STAFF = 'staff-inbox@medisupply.test';
let ipCounter = 0;

describe.each(testEngines)('contact form API on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // The server believes X-Forwarded-For from loopback, so each test is a client of its own.
    t = await startTestServer(engine, { STORE_EMAIL: STAFF, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  /** A client at its own address, so rate limits of one test never touch another. */
  function visitor() {
    const ip = `203.0.113.${++ipCounter}`;
    const client = createClient(t.url);
    return {
      ip,
      send: (body: unknown) =>
        client.request('/api/contact', { method: 'POST', body, headers: { 'x-forwarded-for': ip } }),
    };
  }

  const rows = (email: string) =>
    t.server.services.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', email)
      .execute();

  it('stores the message and mails it to the staff inbox with the sender as Reply-To', async () => {
    const email = `pat-${engine}@example.com`;
    const message = 'Do you deliver hospital beds to Dayton?\nWe need one by Friday.';
    const pat = visitor();
    const res = await pat.send({ name: ' Pat Doe ', email, message, website: '' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: "Message sent successfully! We'll get back to you soon." });

    const mail = await t.smtp.waitFor((m) => m.replyTo === email);
    await t.settled();
    const stored = await rows(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Pat Doe', email, message, ip: pat.ip, status: 'new' });
    expect(stored[0]!.mailed_at).toBeGreaterThanOrEqual(stored[0]!.created_at);

    expect(mail.to).toEqual([STAFF]);
    expect(mail.subject).toBe('Contact form message from Pat Doe');
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`From: Pat Doe <${email}>`);
  });

  it('escapes what the sender wrote in the html mail', async () => {
    const email = `mallory-${engine}@example.com`;
    const res = await visitor().send({
      name: '<img src=x onerror=alert(1)>',
      email,
      message: '<script>alert("hi")</script> & <a href="https://evil.example">click</a>',
    });
    expect(res.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.replyTo === email);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('href="https://evil.example"');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;a href=');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("refuses bad input with the spec's messages and stores and mails nothing", async () => {
    const before = t.smtp.messages.length;
    const email = `bad-${engine}@example.com`;
    const res = await visitor().send({ name: '   ', email: 'not-an-email', message: 'too short' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'invalid_body',
        message: 'Name is required',
        fields: {
          name: 'Name is required',
          email: 'Please enter a valid email address',
          message: 'Message must be at least 10 characters',
        },
      },
    });
    const extra = await visitor().send({
      name: 'Pat',
      email,
      message: 'A long enough message.',
      admin: true,
    });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ error: { fields: { admin: 'This field is not allowed.' } } });
    // Two addresses in one field would make the mailer write to both.
    const two = await visitor().send({
      name: 'Pat',
      email: `${email},x@example.com`,
      message: 'Long enough.',
    });
    expect(two.status).toBe(400);
    // A NUL in any text: PostgreSQL cannot store it, no person types it.
    const nul = await visitor().send({ name: 'Pat\u0000', email, message: 'A long enough message.' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      error: { code: 'invalid_body', message: 'This request holds characters we cannot accept.' },
    });
    expect(await rows(email)).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('answers a filled honeypot like a success but keeps and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const email = `bot-${engine}@example.com`;
    const res = await visitor().send({
      name: 'Cheap Pills',
      email,
      message: 'Buy now, best prices!',
      website: 'https://spam.example',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: "Message sent successfully! We'll get back to you soon." });
    expect(await rows(email)).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('allows five messages per client in ten minutes, then answers 429 with Retry-After', async () => {
    const client = visitor();
    const body = { name: 'Eager', email: `eager-${engine}@example.com`, message: 'Hello there, one more.' };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.send(body)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await client.send(body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(refused.body).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many attempts. Try again in ${refused.headers.get('retry-after')} seconds.`,
      },
    });
    expect(await rows(body.email)).toHaveLength(5);
    // Another client is not affected.
    expect((await visitor().send(body)).status).toBe(200);
  });

  it('refuses a post from another site', async () => {
    const res = await createClient(t.url).post(
      '/api/contact',
      { name: 'Pat', email: 'pat@example.com', message: 'Hello from elsewhere.' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe.each(testEngines)('contact form when the mail server is down, on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on a port that was free a moment ago: every send fails at once.
    t = await startTestServer(engine, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => t.close());

  it('takes the message, keeps it as not mailed, and leaves the staff mail queued for another try', async () => {
    const email = `down-${engine}@example.com`;
    const res = await createClient(t.url).post('/api/contact', {
      name: 'Pat',
      email,
      message: 'Is anyone there today?',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: "Message sent successfully! We'll get back to you soon." });
    const stored = await t.server.services.database.db
      .selectFrom('contact_messages')
      .select(['email', 'mailed_at', 'status'])
      .execute();
    expect(stored).toEqual([{ email, mailed_at: null, status: 'new' }]);
    await expect.poll(async () => (await t.server.services.jobs.counts()).retry, { timeout: 15_000 }).toBe(1);
    const { jobs } = await t.server.services.jobs.list({ states: ['retry'], limit: 5, offset: 0 });
    expect(jobs[0]).toMatchObject({ queue: 'contact.notify', attempts: 1 });
  });
});
