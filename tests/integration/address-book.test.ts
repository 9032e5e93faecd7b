import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { TEST_ADDRESS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const address = (overrides: Record<string, string> = {}) => ({ ...TEST_ADDRESS, ...overrides });

/** The address book's forms on /account, posted as a browser without JavaScript posts them. */
describe.each(testEngines)('the address book on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;
  let validating: TestClient | undefined;
  const post = async (client: TestClient, fields: Record<string, string>, origin: string | null = t.url) => {
    const response = await fetch(new URL('/account', t.url), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: client.cookieHeader(),
        ...(origin ? { origin } : {}),
      },
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    };
  };
  const rows = (userId: string) =>
    db().selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const userIdOf = async (client: TestClient) =>
    ((await client.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;

  it('adds, edits, makes default and deletes, keeping exactly one default', async () => {
    const { client } = await signedInClient(t.url, 'Ada');
    const me = await userIdOf(client);
    const added = await post(client, { intent: 'address-save', ...address({ recipientName: 'Ada Home' }) });
    expect(added.status).toBe(302);
    expect(added.location).toBe('/account#address-book');
    await post(client, {
      intent: 'address-save',
      ...address({ recipientName: 'Mother', state: 'IL', zip: '62704' }),
    });
    let book = await rows(me);
    expect(book.map((r) => [r.recipient_name, Number(r.is_default)])).toEqual([
      ['Ada Home', 1],
      ['Mother', 0],
    ]);

    const mother = book[1]!.id;
    await post(client, {
      intent: 'address-save',
      id: mother,
      ...address({ recipientName: 'Mother (Rosa)', city: 'Peoria' }),
    });
    await post(client, { intent: 'address-default', id: mother });
    book = await rows(me);
    expect(book.map((r) => [r.recipient_name, r.city, Number(r.is_default)])).toEqual([
      ['Ada Home', TEST_ADDRESS.city, 0],
      ['Mother (Rosa)', 'Peoria', 1],
    ]);

    // Deleting the default makes the newest remaining one the default.
    expect((await post(client, { intent: 'address-delete', id: mother })).status).toBe(302);
    book = await rows(me);
    expect(book.map((r) => [r.recipient_name, Number(r.is_default)])).toEqual([['Ada Home', 1]]);

    const page = await client.get('/account');
    expect(page.text).toContain('Address book');
    expect(page.text).toContain('Ada Home');
    expect(page.text).toContain('Default address');
  });

  it.each([
    ['recipientName', '', 'Recipient name is required'],
    ['line1', '', 'Address is required'],
    ['city', '', 'City is required'],
    ['state', 'XX', 'Choose a state or territory'],
    ['zip', '123', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)'],
    ['phone', '555', 'Enter a 10-digit US phone number, such as 555-201-4477'],
  ])('refuses %s %j with "%s" and stores nothing', async (field, value, message) => {
    // One account for every case: sign-ups are limited per client address.
    validating ??= (await signedInClient(t.url, 'Val')).client;
    const client = validating;
    const refused = await post(client, { intent: 'address-save', ...address({ [field]: value }) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(message);
    expect(await rows(await userIdOf(client))).toEqual([]);
  });

  it('keeps at most 20 addresses', async () => {
    const { client } = await signedInClient(t.url, 'Max');
    for (let i = 0; i < 20; i++) {
      expect(
        (await post(client, { intent: 'address-save', ...address({ recipientName: `Patient ${i}` }) }))
          .status,
      ).toBe(302);
    }
    const full = await post(client, { intent: 'address-save', ...address({ recipientName: 'One more' }) });
    expect(full.status).toBe(409);
    expect(full.text).toContain('You can keep up to 20 addresses. Delete one to add another.');
    expect(await rows(await userIdOf(client))).toHaveLength(20);
  });

  it("answers 404 for another user's address and changes nothing", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    await post(alice, { intent: 'address-save', ...address({ recipientName: 'Alice Home' }) });
    const [mine] = await rows(await userIdOf(alice));
    const { client: mallory } = await signedInClient(t.url, 'Mallory');
    for (const fields of [
      { intent: 'address-save', id: mine!.id, ...address({ recipientName: 'Stolen' }) },
      { intent: 'address-delete', id: mine!.id },
      { intent: 'address-default', id: mine!.id },
      { intent: 'address-delete', id: 'not-an-id' },
    ]) {
      expect((await post(mallory, fields)).status, fields.intent).toBe(404);
    }
    expect(await rows(await userIdOf(alice))).toEqual([mine]);
    expect(await rows(await userIdOf(mallory))).toEqual([]);
  });

  it('refuses a form from another origin, and a visitor who is not signed in', async () => {
    const { client } = await signedInClient(t.url, 'Oli');
    const foreign = await post(client, { intent: 'address-save', ...address() }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await rows(await userIdOf(client))).toEqual([]);
    const anonymous = await fetch(new URL('/account', t.url), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ intent: 'address-save', ...address() }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login/);
  });
});
