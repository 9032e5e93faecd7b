import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const STAFF = 'staff-contact-form@medisupply.test';
let counter = 0;

/**
 * The contact page's form as a browser without JavaScript sends it (the sign-in and account forms
 * are in form-actions.test.ts): an urlencoded POST to /contact, answered with the page.
 */
describe.each(testEngines)('contact form without JavaScript on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // X-Forwarded-For is believed from loopback: each test is a client of its own address.
    t = await startTestServer(engine, { STORE_EMAIL: STAFF, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const visitor = () => pageVisitor(t.url, `198.51.100.${++counter}`);

  it('sends a contact message, or says why not, on the page itself', async () => {
    const v = visitor();
    const invalid = await v.post('/contact', {
      name: '',
      email: 'robin@example',
      message: 'Short',
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
    expect(invalid.text).toContain('Short</textarea>');

    const sender = `Robin Forms ${engine}`;
    const sent = await v.post('/contact', {
      name: sender,
      email: 'robin@example.com',
      message: 'Do you rent hospital beds by the month?',
      website: '',
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Message sent successfully! We&#x27;ll get back to you soon.');
    const mail = await t.smtp.waitFor((m) => m.to.includes(STAFF) && m.subject.includes(sender));
    expect(mail.text).toContain('Do you rent hospital beds by the month?');

    for (let i = 0; i < 4; i++) {
      await v.post('/contact', { name: 'Robin', email: 'robin@example.com', message: `Message ${i} here.` });
    }
    const limited = await v.post('/contact', {
      name: 'Robin',
      email: 'robin@example.com',
      message: 'One more, please.',
    });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Failed to send message. Please try again.');
    expect(limited.text).toMatch(/Too many attempts\. Try again in \d+ seconds\./);
    expect(limited.text).toContain('One more, please.</textarea>');
  });
});
