import { createClient, type TestClient } from '../../tests/support/http-client';

export const PASSWORD = 'bench-password-123';

let address = 0;
/** A client address of its own (the server trusts X-Forwarded-For from loopback in the bench). */
export function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export interface Shopper {
  email: string;
  client: TestClient;
  cookie: string;
}

/** Registers and signs in `count` shoppers; each gets its own session cookie. */
export async function createShoppers(baseUrl: string, count: number, tag: string): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${tag}-${i}@example.com`;
    const client = createClient(baseUrl);
    const headers = { 'x-forwarded-for': nextAddress() };
    const signUp = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers,
      body: { email, password: PASSWORD, name: 'Bench Shopper', firstName: 'Bench', lastName: 'Shopper' },
    });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
    const signIn = await client.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers,
      body: { email, password: PASSWORD },
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
    shoppers.push({ email, client, cookie: client.cookieHeader() });
  }
  return shoppers;
}
