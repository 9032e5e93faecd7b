import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { createClient } from '../support/http-client';
import { extractLinks, type ReceivedMail } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const SUBJECT = 'Confirm your newsletter subscription';
const SUBSCRIBED = { ok: true, message: 'Thank you for subscribing to our newsletter.' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let ipCounter = 0;

describe.each(testEngines)('newsletter on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // The server believes X-Forwarded-For from loopback, so each test is a client of its own.
    t = await startTestServer(engine, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  function visitor() {
    const headers = { 'x-forwarded-for': `198.51.100.${++ipCounter}` };
    const client = createClient(t.url);
    return {
      /** The sign-up form as its script posts it: its field to /newsletter, asking for JSON. */
      subscribe: (fields: Record<string, string>) => client.form('/newsletter', fields, { headers }),
      /** What a browser without JavaScript sends: a plain form post to a page. */
      postForm: async (path: string, fields: Record<string, string>) => {
        const res = await fetch(new URL(path, t.url), {
          method: 'POST',
          headers: { ...headers, origin: t.url, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
          redirect: 'manual',
        });
        return { status: res.status, headers: res.headers, html: await res.text() };
      },
    };
  }

  const row = (email: string) =>
    t.server.services.database.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  const mailsTo = async (email: string) => {
    await t.settled();
    return t.smtp.messages.filter((m) => m.to.includes(email) && m.subject === SUBJECT);
  };
  const tokenOf = (mail: ReceivedMail, step: 'confirm' | 'unsubscribe') => {
    const link = extractLinks(mail).find((url) => url.includes(`/newsletter/${step}?token=`));
    expect(link, `${step} link`).toBeDefined();
    expect(link!.startsWith(`${t.url}/newsletter/${step}?token=`)).toBe(true);
    return new URL(link!).searchParams.get('token')!;
  };

  it('stores a subscriber once, answers a second sign-up the same way, and keeps only token hashes', async () => {
    const email = `ann-${engine}@example.com`;
    const first = await visitor().subscribe({ email });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(SUBSCRIBED);
    const again = await visitor().subscribe({ email: `  ${email.toUpperCase()} ` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const rows = await t.server.services.database.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, confirmed_at: null, unsubscribed_at: null });

    // Not yet confirmed, so the second sign-up sent a fresh link; the stored hashes are its tokens'.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const latest = mails[1]!;
    expect(rows[0]!.confirm_token_hash).toBe(sha256(tokenOf(latest, 'confirm')));
    expect(rows[0]!.unsubscribe_token_hash).toBe(sha256(tokenOf(latest, 'unsubscribe')));
    expect(JSON.stringify(rows[0])).not.toContain(tokenOf(latest, 'confirm'));
    // The first mail's link was replaced.
    const stale = await visitor().postForm('/newsletter/confirm', { token: tokenOf(mails[0]!, 'confirm') });
    expect(stale.html).toContain('This link is not valid or has expired');
  });

  it('confirms with the link in the mail only when the button is pressed, then sends no more mail', async () => {
    const email = `bea-${engine}@example.com`;
    await visitor().subscribe({ email });
    const mail = (await mailsTo(email))[0]!;
    expect(mail.html).toContain('Confirm subscription');
    const confirmLink = extractLinks(mail).find((url) => url.includes('/newsletter/confirm'))!;

    // Opening the link (as a mail scanner does) shows a button and changes nothing.
    const page = await createClient(t.url).get(confirmLink.replace(t.url, ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm subscription');
    expect((await row(email))!.confirmed_at).toBeNull();

    const confirmed = await visitor().postForm('/newsletter/confirm', { token: tokenOf(mail, 'confirm') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Subscription confirmed');
    expect((await row(email))!.confirmed_at).toEqual(expect.any(Number));
    // A second press says the same.
    const twice = await visitor().postForm('/newsletter/confirm', { token: tokenOf(mail, 'confirm') });
    expect(twice.html).toContain('Subscription confirmed');

    // Signing up again: the same answer, no new mail, the subscription unchanged.
    expect((await visitor().subscribe({ email })).body).toEqual(SUBSCRIBED);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await row(email))!.confirmed_at).toEqual(expect.any(Number));
  });

  it('unsubscribes with the button on the link from the mail; signing up again needs a new confirmation', async () => {
    const email = `cy-${engine}@example.com`;
    await visitor().subscribe({ email });
    const mail = (await mailsTo(email))[0]!;
    await visitor().postForm('/newsletter/confirm', { token: tokenOf(mail, 'confirm') });

    const unsubscribeLink = extractLinks(mail).find((url) => url.includes('/newsletter/unsubscribe'))!;
    const page = await createClient(t.url).get(unsubscribeLink.replace(t.url, ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Select the button below to stop receiving our newsletter');
    expect((await row(email))!.unsubscribed_at).toBeNull();

    const done = await visitor().postForm('/newsletter/unsubscribe', { token: tokenOf(mail, 'unsubscribe') });
    expect(done.status).toBe(200);
    expect(done.html).toContain('You have been unsubscribed');
    expect((await row(email))!.unsubscribed_at).toEqual(expect.any(Number));
    // The old confirm link cannot undo that.
    const reconfirm = await visitor().postForm('/newsletter/confirm', { token: tokenOf(mail, 'confirm') });
    expect(reconfirm.html).toContain('This link is not valid or has expired');

    expect((await visitor().subscribe({ email })).body).toEqual(SUBSCRIBED);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await row(email)).toMatchObject({ confirmed_at: null, unsubscribed_at: null });
  });

  it('refuses made-up tokens', async () => {
    const token = 'A'.repeat(43);
    expect((await visitor().postForm('/newsletter/confirm', { token })).html).toContain(
      'This link is not valid or has expired',
    );
    expect((await visitor().postForm('/newsletter/unsubscribe', { token: 'nope' })).html).toContain(
      'This unsubscribe link is not valid',
    );
    const page = await createClient(t.url).get('/newsletter/confirm?token=%3Cscript%3E');
    expect(page.status).toBe(200);
    expect(page.text).toContain('This link is not valid or has expired');
  });

  it("refuses bad addresses with the spec's message and stores nothing", async () => {
    const invalid = {
      error: { code: 'invalid_body', message: 'Please enter a valid email address', fields: {} },
    };
    for (const email of [
      '',
      'plain',
      'name@host',
      'a b@example.com',
      `x-${engine}@example.com,y@example.com`,
    ]) {
      const res = await visitor().subscribe({ email });
      expect(res.status, email).toBe(400);
      expect(res.body, email).toMatchObject({ error: { ...invalid.error, fields: expect.any(Object) } });
    }
    // A field the form does not have comes only from a hand-made request: refused, by both answers.
    const extra = await visitor().subscribe({ email: `x-${engine}@example.com`, name: 'X' });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({
      error: { code: 'invalid_body', fields: { name: 'This field is not allowed.' } },
    });
    const extraByPage = await visitor().postForm('/newsletter', {
      email: `x-${engine}@example.com`,
      name: 'X',
    });
    expect(extraByPage.status).toBe(400);
    expect(extraByPage.html).toContain('Invalid email');
    // A body that is not the form's fields at all.
    const json = await createClient(t.url).request('/newsletter', {
      method: 'POST',
      body: { email: `x-${engine}@example.com` },
      headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${++ipCounter}` },
    });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      error: { code: 'invalid_body', message: "The request body must be the form's fields." },
    });
    expect(await row(`x-${engine}@example.com`)).toBeUndefined();
  });

  it('refuses a sign-up from another site, with the JSON error when the script asked for JSON', async () => {
    const email = `evil-${engine}@example.com`;
    const res = await createClient(t.url).form('/newsletter', { email }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'forbidden_origin', message: 'This request came from another site and was refused.' },
    });
    expect(await row(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('works as a plain form post without JavaScript', async () => {
    const email = `dee-${engine}@example.com`;
    const ok = await visitor().postForm('/newsletter', { email });
    expect(ok.status).toBe(200);
    expect(ok.html).toContain('Subscription successful!');
    expect(ok.html).toContain('Thank you for subscribing to our newsletter.');
    expect(await mailsTo(email)).toHaveLength(1);

    const bad = await visitor().postForm('/newsletter', { email: 'name@host' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Invalid email');
    expect(bad.html).toContain('Please enter a valid email address.');
  });

  it('allows ten sign-ups per client in ten minutes, then answers 429 with Retry-After, script and page alike', async () => {
    const client = visitor();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await client.subscribe({ email: `many-${i}-${engine}@example.com` })).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = await client.subscribe({ email: `late-${engine}@example.com` });
    const seconds = refused.headers.get('retry-after');
    expect(Number(seconds)).toBeGreaterThan(500);
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: `Too many attempts. Try again in ${seconds} seconds.` },
    });
    const page = await client.postForm('/newsletter', { email: `late-${engine}@example.com` });
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.html).toContain('Too many attempts. Try again in');
    expect(await row(`late-${engine}@example.com`)).toBeUndefined();
  });

  it('sends at most three confirmation mails an hour to one address, answering the same', async () => {
    const email = `flood-${engine}@example.com`;
    // Each mail is received before the next sign-up: mails are sent by the job queue, whose
    // workers may deliver two queued at once in either order, and only the last token works.
    for (let i = 0; i < 5; i++) {
      expect((await visitor().subscribe({ email })).body).toEqual(SUBSCRIBED);
      expect(await mailsTo(email)).toHaveLength(Math.min(i + 1, 3));
    }
    // The last mail sent still works.
    const confirmed = await visitor().postForm('/newsletter/confirm', {
      token: tokenOf((await mailsTo(email))[2]!, 'confirm'),
    });
    expect(confirmed.html).toContain('Subscription confirmed');
  });
});

describe.each(testEngines)('newsletter when the mail server is down, on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on a port that was free a moment ago: every send fails at once.
    t = await startTestServer(engine, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => t.close());

  it('answers the sign-up as usual and keeps its mail queued for another try', async () => {
    const res = await createClient(t.url).form('/newsletter', { email: `down-${engine}@example.com` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SUBSCRIBED);
    await expect.poll(async () => (await t.server.services.jobs.counts()).retry, { timeout: 15_000 }).toBe(1);
    const { jobs } = await t.server.services.jobs.list({ states: ['retry'], limit: 5, offset: 0 });
    expect(jobs[0]).toMatchObject({ queue: 'mail', attempts: 1 });
    expect(jobs[0]?.error).toMatch(/Could not send mail over SMTP/);
  });
});
