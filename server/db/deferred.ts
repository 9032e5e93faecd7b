/** A promise with its resolve and reject in hand: a group-commit batch settles it when it commits. */
export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody waits on (all its statements failed on their own) must not warn.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
