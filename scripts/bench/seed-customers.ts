import type { BulkWriter } from './bulk-writer';
import { person } from './people';
import { random } from './prng';

export interface Customer {
  id: string;
  email: string;
  name: string;
}

const DAY = 86_400_000;

/**
 * `count` customer accounts, as Better Auth's sign-up writes them into its "user" table (a
 * verified email, first and last name, the default role), joined over the `days` before `now`.
 * No passwords: nobody signs in as them; the bench's signed-in shopper is a real sign-up.
 * Deterministic for a seed. Returns them for the orders to be spread over.
 */
export async function seedCustomers(
  writer: BulkWriter,
  count: number,
  { seed = 100_000, days = 1095, now = Date.now() } = {},
): Promise<Customer[]> {
  const rng = random(seed);
  const customers: Customer[] = [];
  const batch = 5000;
  for (let start = 0; start < count; start += batch) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const { firstName, lastName } = person(rng);
      const domain = rng.pick(['example.com', 'example.net', 'example.org']);
      const customer = {
        id: rng.uuid().replace(/-/g, ''),
        email: `${firstName}.${lastName}.${i}@${domain}`.toLowerCase(),
        name: `${firstName} ${lastName}`,
      };
      customers.push(customer);
      // Joined in order over the period: the newest accounts last.
      const joined = writer.timestamp(now - days * DAY + Math.floor(((i + rng.next()) / count) * days * DAY));
      rows.push({
        ...customer,
        emailVerified: writer.flag(true),
        createdAt: joined,
        updatedAt: joined,
        twoFactorEnabled: writer.flag(false),
        firstName,
        lastName,
      });
    }
    await writer.transaction(() => writer.insert('user', rows));
  }
  return customers;
}
