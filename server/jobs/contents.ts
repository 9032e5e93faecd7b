import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { QueueSettings } from './queue';

type Db = Kysely<DatabaseSchema>;

/**
 * What a queued mail or text says, kept apart from its job (docs/decisions/0039). A job's row
 * is listed by the console, kept after it finished and copied into backups; the content holds
 * sign-in codes and links, so the job names only its id here, and the worker deletes it once
 * the message is sent or given up. Nothing of it is left at rest after delivery.
 */
export interface JobContents {
  /** Keeps `content` until `drop` (or its lifetime ends); with `trx`, in that transaction. */
  put(content: object, lifetimeSeconds: number, trx?: Db): Promise<string>;
  /** The content, or undefined once it was dropped. */
  get<Content extends object>(id: string): Promise<Content | undefined>;
  drop(id: string): Promise<void>;
}

export function createJobContents(db: Db): JobContents {
  return {
    async put(content, lifetimeSeconds, trx) {
      const id = randomUUID();
      await (trx ?? db)
        .insertInto('job_contents')
        .values({ id, content: JSON.stringify(content), expires_at: Date.now() + lifetimeSeconds * 1000 })
        .execute();
      return id;
    },
    async get<Content extends object>(id: string) {
      const row = await db
        .selectFrom('job_contents')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? (JSON.parse(row.content) as Content) : undefined;
    },
    async drop(id) {
      await db.deleteFrom('job_contents').where('id', '=', id).execute();
    },
  };
}

/**
 * The longest a job of the queue can live, tries and waits between them included, and an hour
 * more: past it no worker will ask for its content (a process that died on the last try leaves
 * it behind, and the retention job deletes it).
 */
export function contentLifetimeSeconds(settings: QueueSettings): number {
  const tries = settings.retryLimit + 1;
  return tries * (settings.expireInSeconds + settings.retryDelayMaxSeconds) + 60 * 60;
}
