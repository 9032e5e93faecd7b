import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { preparedQuery } from '#server/db/prepared';
import type { AddressTable, DatabaseSchema } from '#server/db/schema';
import type { Address } from './address.schema';
import { ADDRESS_BOOK_LIMIT, type SavedAddress } from './address-book';
import { isUsStateCode } from './us-states';

type Db = Kysely<DatabaseSchema>;

/** Ids are UUIDs: anything else (a hostile URL or form) is not found without a query. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class AddressBookFullError extends Error {}

function toSaved(row: Selectable<AddressTable>): SavedAddress {
  if (!isUsStateCode(row.state)) throw new Error(`Unknown state in a saved address: ${row.state}`);
  return {
    id: row.id,
    recipientName: row.recipient_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    isDefault: Number(row.is_default) === 1,
  };
}

const columns = (address: Address) => ({
  recipient_name: address.recipientName,
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  zip: address.zip,
  phone: address.phone,
});

/** The user's addresses: the default first, then the newest. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return (await addressRows(db, { userId })).map(toSaved);
}

// Read by every `/account` and checkout page: compiled once (ADR 0034), not per request.
const addressRows = preparedQuery((db: Db, p: { userId: string }) =>
  db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', p.userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id'),
);

/** One of this user's addresses; undefined for another user's (the caller answers 404). */
export async function findAddress(db: Db, userId: string, id: string): Promise<SavedAddress | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  const row = await db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSaved(row) : undefined;
}

async function makeDefault(trx: Transaction<DatabaseSchema>, userId: string, id: string) {
  await trx
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .where('id', '!=', id)
    .execute();
  await trx
    .updateTable('addresses')
    .set({ is_default: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Adds an address, or with `id` changes one of the user's (undefined when it is not theirs).
 * The first address becomes the default; `makeDefault` makes this one the default. One
 * transaction, so the book never has two defaults or none while it has addresses.
 */
export async function saveAddress(
  db: Db,
  userId: string,
  address: Address,
  options: { id?: string; makeDefault?: boolean } = {},
): Promise<SavedAddress | undefined> {
  const { id, makeDefault: wantsDefault = false } = options;
  if (id !== undefined && !ID_PATTERN.test(id)) return undefined;
  const savedId = await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (id) {
      const updated = await trx
        .updateTable('addresses')
        .set({ ...columns(address), updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      if (wantsDefault) await makeDefault(trx, userId, id);
      return id;
    }
    const { count } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= ADDRESS_BOOK_LIMIT) throw new AddressBookFullError();
    const newId = randomUUID();
    await trx
      .insertInto('addresses')
      .values({
        id: newId,
        user_id: userId,
        ...columns(address),
        is_default: Number(count) === 0 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (wantsDefault) await makeDefault(trx, userId, newId);
    return newId;
  });
  return savedId ? findAddress(db, userId, savedId) : undefined;
}

/** Makes one of the user's addresses the default; false when it is not theirs. */
export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('addresses')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return false;
    await makeDefault(trx, userId, id);
    return true;
  });
}

/**
 * Deletes one of the user's addresses; false when it is not theirs. When it was the default,
 * the newest remaining address becomes the default. Orders keep their own copy of the address.
 */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('addresses')
      .select(['id', 'is_default'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (Number(row.is_default) === 1) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .executeTakeFirst();
      if (next) await makeDefault(trx, userId, next.id);
    }
    return true;
  });
}
