/** Who an account is to the store: a shopper, or staff who run it (admins also manage staff). */
export type UserRole = 'customer' | 'staff' | 'admin';

export const USER_ROLES: readonly UserRole[] = ['customer', 'staff', 'admin'];

/** A stored role as one we know; anything else counts as a customer (no rights). */
export function roleOf(value: unknown): UserRole {
  return value === 'staff' || value === 'admin' ? value : 'customer';
}
