import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { containsText } from '#server/db/like';
import type { ContactStatus, DatabaseSchema } from '#server/db/schema';
import type { Outbox } from '#server/mail/outbox';
import { type Actor, recordAudit } from '~/console/audit.server';
import { contactReplyMail } from './contact-mail.server';

type Db = Kysely<DatabaseSchema>;

export const MESSAGES_PER_PAGE = 50;
export const CONTACT_STATUSES: readonly ContactStatus[] = ['new', 'answered', 'closed'];

export class InboxError extends Error {}

export interface InboxFilter {
  q: string;
  status: ContactStatus | '';
  page: number;
}

export async function listMessages(db: Db, filter: InboxFilter) {
  let query = db.selectFrom('contact_messages');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.q) {
    query = query.where((eb) =>
      eb.or([
        containsText('email', filter.q),
        containsText('name', filter.q),
        containsText('message', filter.q),
      ]),
    );
  }
  const [rows, count, fresh] = await Promise.all([
    query
      .select(['id', 'name', 'email', 'message', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(MESSAGES_PER_PAGE)
      .offset((filter.page - 1) * MESSAGES_PER_PAGE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    messages: rows
      .map((row) => ({ ...row, excerpt: row.message.slice(0, 160) }))
      .map(({ message: _m, ...row }) => row),
    total: Number(count.n),
    newCount: Number(fresh.n),
  };
}

export async function findMessage(db: Db, id: string) {
  const message = await db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'message', 'status', 'created_at', 'mailed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!message) return undefined;
  const replies = await db
    .selectFrom('contact_replies')
    .select(['id', 'staff_name', 'body', 'created_at'])
    .where('message_id', '=', id)
    .orderBy('created_at')
    .execute();
  return { ...message, replies };
}

/**
 * A reply from the console: kept with the message, mailed to the sender (queued with the
 * reply, in one transaction), and the message becomes answered.
 */
export async function replyToMessage(
  db: Db,
  outbox: Outbox,
  actor: Actor & { name: string },
  id: string,
  body: string,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const message = await trx
      .selectFrom('contact_messages')
      .select(['name', 'email', 'message', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!message) throw new InboxError('This message no longer exists.');
    const now = Date.now();
    await trx
      .insertInto('contact_replies')
      .values({
        id: randomUUID(),
        message_id: id,
        staff_user_id: actor.id,
        staff_name: actor.name,
        body,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('contact_messages')
      .set({ status: 'answered', updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'contact.reply',
      targetType: 'contact',
      targetId: id,
      before: { status: message.status },
      after: { status: 'answered', reply: body },
    });
    await outbox.send(
      {
        kind: 'contact reply',
        to: message.email,
        ...contactReplyMail({
          name: message.name,
          reply: body,
          original: message.message,
          staffName: actor.name,
        }),
      },
      { trx },
    );
    return message.email;
  });
}

export async function setMessageStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: ContactStatus,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const message = await trx
      .selectFrom('contact_messages')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!message) throw new InboxError('This message no longer exists.');
    if (message.status === status) return;
    await trx
      .updateTable('contact_messages')
      .set({ status, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'contact.status',
      targetType: 'contact',
      targetId: id,
      before: { status: message.status },
      after: { status },
    });
  });
}
