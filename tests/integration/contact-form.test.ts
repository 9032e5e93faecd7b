import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const STAFF = 'staff-contact-form@medisupply.test';
/** As React writes text into the page. */
const inPage = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const SENT = inPage("Message sent successfully! We'll get back to you soon.");
let counter = 0;

/**
 * The contact page's form, posted to /contact as a browser without scripts posts it (the page's
 * script posts the same fields to the same action, docs/decisions/0045), answered with the page.
 */
describe.each(testEngines)('contact form on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // X-Forwarded-For is believed from loopback: each test is a client of its own address.
    t = await startTestServer(engine, { STORE_EMAIL: STAFF, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const visitor = () => pageVisitor(t.url, `198.51.100.${++counter}`);
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
    const res = await pat.post('/contact', { name: ' Pat Doe ', email, message, website: '' });
    expect(res.status).toBe(200);
    expect(res.text).toContain(SENT);

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
    const res = await visitor().post('/contact', {
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

  it("refuses bad fields with the spec's messages, keeps what was typed, and stores and mails nothing", async () => {
    const before = t.smtp.messages.length;
    const email = `bad-${engine}@example.com`;
    const invalid = await visitor().post('/contact', {
      name: '   ',
      email: 'not-an-email',
      message: 'too short',
      website: '',
    });
    expect(invalid.status).toBe(400);
    for (const text of [
      'Name is required',
      'Please enter a valid email address',
      'Message must be at least 10 characters',
    ]) {
      expect(invalid.text).toContain(text);
    }
    expect(invalid.text).toContain('too short</textarea>');
    expect(invalid.text).not.toContain(SENT);

    // A field the form does not have comes only from a hand-made request: refused whole.
    const extra = await visitor().post('/contact', {
      name: 'Pat',
      email,
      message: 'A long enough message.',
      admin: 'true',
    });
    expect(extra.status).toBe(400);
    expect(extra.text).toContain('This form holds a field it does not have.');
    // Two addresses in one field would make the mailer write to both.
    const two = await visitor().post('/contact', {
      name: 'Pat',
      email: `${email},x@example.com`,
      message: 'Long enough.',
    });
    expect(two.status).toBe(400);
    expect(two.text).toContain('Please enter a valid email address');
    // A NUL in any text: PostgreSQL cannot store it, no person types it.
    for (const fields of [
      { name: 'Pat\u0000', email, message: 'A long enough message.' },
      { name: 'Pat', email, message: 'A long enough\u0000 message.' },
    ]) {
      const nul = await visitor().post('/contact', fields);
      expect(nul.status).toBe(400);
      expect(nul.text).toMatch(/(Name|Message) holds characters we cannot accept/);
    }
    expect(await rows(email)).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('answers a filled honeypot like a success but keeps and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const email = `bot-${engine}@example.com`;
    const res = await visitor().post('/contact', {
      name: 'Cheap Pills',
      email,
      message: 'Buy now, best prices!',
      website: 'https://spam.example',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(SENT);
    expect(await rows(email)).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('allows five messages per client in ten minutes, then answers 429 with Retry-After', async () => {
    const client = visitor();
    const fields = { name: 'Eager', email: `eager-${engine}@example.com`, message: 'Hello there, one more.' };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/contact', fields)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await client.post('/contact', { ...fields, message: 'One more, please.' });
    expect(refused.status).toBe(429);
    const seconds = refused.headers.get('retry-after');
    expect(Number(seconds)).toBeGreaterThan(500);
    expect(refused.text).toContain('Failed to send message. Please try again.');
    expect(refused.text).toContain(`Too many attempts. Try again in ${seconds} seconds.`);
    // Nothing is lost: the page comes back with the text for a later try.
    expect(refused.text).toContain('One more, please.</textarea>');
    expect(await rows(fields.email)).toHaveLength(5);
    // Another client is not affected.
    expect((await visitor().post('/contact', fields)).status).toBe(200);
  });

  it('refuses a post from another site', async () => {
    const email = `evil-${engine}@example.com`;
    const res = await visitor().post(
      '/contact',
      { name: 'Pat', email, message: 'Hello from elsewhere.' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.text).toBe('This request came from another site and was refused.');
    expect(await rows(email)).toEqual([]);
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
    const res = await pageVisitor(t.url, '127.0.0.1').post('/contact', {
      name: 'Pat',
      email,
      message: 'Is anyone there today?',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(SENT);
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
