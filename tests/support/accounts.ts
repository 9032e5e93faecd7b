import { createClient, type TestClient } from './http-client';

let counter = 0;

/**
 * A new account, signed in, on a server started with REQUIRE_EMAIL_VERIFICATION=false.
 * Each call uses a fresh email so tests never share an account.
 */
export async function signedInClient(
  baseUrl: string,
  firstName = 'Test',
): Promise<{ client: TestClient; email: string }> {
  const email = `user-${process.pid}-${Date.now()}-${++counter}@example.com`;
  const client = createClient(baseUrl);
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: 'password-123',
    name: `${firstName} Tester`,
    firstName,
    lastName: 'Tester',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password: 'password-123' });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  return { client, email };
}
