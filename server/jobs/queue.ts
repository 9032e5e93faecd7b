import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * The store's one job queue (docs/decisions/0021): work that must not be lost or done twice,
 * kept in the database, retried with backoff, shared by every instance. pg-boss runs it on
 * PostgreSQL; on the embedded SQLite database the same interface runs in this process with its
 * state in the `jobs` table. The states are pg-boss's own, on both engines.
 */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** How a queue's jobs are run. Settings belong to the queue, so every send of it agrees. */
export interface QueueSettings {
  /** Tries after the first one before a job is failed for good. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits twice as long (with jitter). */
  retryDelaySeconds: number;
  /** The longest wait between two tries. */
  retryDelayMaxSeconds: number;
  /** A running job not finished by then is taken as dead (its instance stopped) and retried. */
  expireInSeconds: number;
  /**
   * When set, a running job proves it is alive this often (the queue does it while the handler
   * runs); one that falls silent for this long is retried at once, without waiting for
   * expireInSeconds. For long jobs (a campaign), so a crash is noticed within seconds.
   */
  heartbeatSeconds?: number;
  /** At most one job of the queue runs at a time, across every instance. */
  singleton?: boolean;
  /** How long a finished job stays listed in the console. */
  keepFinishedSeconds: number;
}

export interface QueueDefinition<Data> {
  name: string;
  settings: QueueSettings;
  /** Only for the type: what `send` takes and the handler gets. */
  readonly data?: Data;
}

/** Names a queue once, where its work is done; everything else refers to the definition. */
export function defineQueue<Data extends object>(
  name: string,
  settings: QueueSettings,
): QueueDefinition<Data> {
  if (!/^[a-z][a-z0-9.-]{0,62}$/.test(name)) throw new Error(`Bad queue name: ${name}`);
  return { name, settings };
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  trx?: Kysely<DatabaseSchema>;
  /** With singletonSeconds: one job per key in each slot of that many seconds (a throttle). */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** No try follows this one if it fails: what it holds for a retry can go with a failure. */
  final: boolean;
  /** Aborted when this instance stops or the job is taken as dead. */
  signal: AbortSignal;
}

export type JobHandler<Data> = (data: Data, context: JobContext) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue this instance runs at once. */
  concurrency?: number;
}

/** A job as the console lists it. */
export interface JobSummary {
  id: string;
  queue: string;
  state: JobState;
  data: unknown;
  /** Tries started so far. */
  attempts: number;
  retryLimit: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Not before (a retry's backoff, or a delayed job). */
  startAfter: number;
  /** The last failure's message, if any. */
  error: string | null;
}

export interface JobListFilter {
  states?: readonly JobState[];
  queue?: string;
  limit: number;
  offset: number;
}

export interface JobQueue {
  engine: 'pg-boss' | 'sqlite';
  send<Data extends object>(
    queue: QueueDefinition<Data>,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Starts running the queue's jobs on this instance; stopped by `stop`. */
  work<Data extends object>(
    queue: QueueDefinition<Data>,
    handler: JobHandler<Data>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Jobs, newest first, and how many there are of each state. */
  list(filter: JobListFilter): Promise<{ jobs: JobSummary[]; total: number }>;
  counts(): Promise<Record<JobState, number>>;
  /**
   * Jobs waiting (created, retry), running (active) and failed, per queue, for GET /metrics:
   * one grouped count, read on each scrape, never per job.
   */
  depth(): Promise<QueueDepth[]>;
  /**
   * Runs a failed job again (from the console). False when it is not failed (any more). With
   * `trx`, in that transaction: the console's audit row and the retry commit together.
   */
  retry(queue: string, id: string, options?: { trx?: Kysely<DatabaseSchema> }): Promise<boolean>;
  /** Stops taking jobs and waits for running ones, up to timeoutMs; the rest are retried later. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  state: (typeof DEPTH_STATES)[number];
  count: number;
}

/** The states GET /metrics reports: what is still to do, being done, or failed for good. */
export const DEPTH_STATES = ['created', 'retry', 'active', 'failed'] as const satisfies readonly JobState[];

/** Seconds before retry number `retryCount` (0 for the first retry), as pg-boss works it out. */
export function retryDelaySeconds(settings: QueueSettings, retryCount: number, random = Math.random()) {
  const exponent = Math.min(16, retryCount);
  const delay = settings.retryDelaySeconds * (2 ** exponent / 2 + (2 ** exponent / 2) * random);
  return Math.min(settings.retryDelayMaxSeconds, delay);
}

/** What a failure leaves on the job: its message only (a stack or a body may carry secrets). */
export function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
