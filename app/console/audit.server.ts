import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { containsText } from '#server/db/like';
import type { DatabaseSchema } from '#server/db/schema';

type Db = Kysely<DatabaseSchema>;

/** Who did it: the member of staff signed in. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditEntry {
  action: string;
  targetType:
    | 'order'
    | 'product'
    | 'user'
    | 'campaign'
    | 'subscriber'
    | 'contact'
    | 'organisation'
    | 'review'
    | 'job'
    | 'webhook'
    | 'return'
    | 'quote'
    | 'promotion'
    | 'setting'
    | 'invoice'
    | 'tax_certificate'
    | 'refill_plan';
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * One row of the audit log, written with the transaction of the change it describes: both are
 * kept or neither is. Rows are never changed or deleted (triggers refuse it, migration 0011).
 */
export async function recordAudit(trx: Db, actor: Actor, entry: AuditEntry, at = Date.now()): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at,
      actor_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  target?: string;
  from?: number;
  to?: number;
}

export interface AuditRow {
  id: string;
  at: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: string | null;
  after: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** The log, newest first, filtered and one page at a time (one more row tells if there is a next page). */
export async function listAudit(db: Db, filter: AuditFilter, page: number) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) query = query.where(containsText('actor_email', filter.actor));
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.target) query = query.where('target_id', '=', filter.target);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id')
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  const entries: AuditRow[] = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    at: Number(row.at),
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
  }));
  return { entries, hasNext: rows.length > AUDIT_PAGE_SIZE };
}
