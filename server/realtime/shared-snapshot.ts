import type { Logger } from '../logger';
import type { ChangeChannel } from './change-channel';

export interface SharedSnapshotOptions<T, C> {
  /** For the log: 'promotions'. */
  name: string;
  /** The change channel's topic the instances announce a change on. */
  topic: string;
  /** Reads the rows anew. */
  read: () => Promise<T>;
  /** What differs between two reads, for the listeners (the page cache); null when nothing shown does. */
  diff: (before: T, after: T) => C | null;
}

/**
 * A small table read once at start and held in memory, so a request never queries it (the shop
 * settings, the promotions; the catalogue's own store works the same way, ADR 0016). After a
 * committed change, `changed()` reads it again here and announces it on the change channel, so
 * every instance sharing the database reads it again; after the channel's connection came back,
 * it is read again in case a signal was missed. Reads run one after another, so an older read
 * never replaces a newer one.
 */
export class SharedSnapshot<T, C> {
  private snapshot: T;
  private readonly listeners = new Set<(change: C) => void>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: { changes: ChangeChannel; logger: Logger },
    private readonly options: SharedSnapshotOptions<T, C>,
    initial: T,
  ) {
    this.snapshot = initial;
    const { changes, logger } = services;
    const reread = (why: string) => {
      void this.refresh().catch((error: unknown) => {
        logger.error({ err: error }, `${options.name}: refresh after ${why} failed`);
      });
    };
    changes.onReconnect(() => reread('a reconnect'));
    changes.subscribe(options.topic, (from) => {
      if (from !== changes.instanceId) reread('a change elsewhere');
    });
  }

  /** The rows as last read: hold them for one request, not longer. */
  current(): T {
    return this.snapshot;
  }

  onChange(listener: (change: C) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After a committed write to the table: read it again, here and on every other instance. */
  async changed(): Promise<void> {
    await this.refresh();
    const { changes } = this.services;
    await changes.publish(this.options.topic, changes.instanceId);
  }

  private refresh(): Promise<void> {
    const next = this.queue.then(() => this.reload());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async reload() {
    const before = this.snapshot;
    const after = await this.options.read();
    this.snapshot = after;
    const change = this.options.diff(before, after);
    if (change !== null) for (const listener of this.listeners) listener(change);
  }
}
