/**
 * PostgreSQL rolls a transaction back with these codes to let another go on (a deadlock, or a
 * serialization failure): nothing of it was written, so it may run again as it was.
 */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/**
 * Runs a transaction again when the database rolled it back for another's sake, a few times
 * with a short random pause. For writes that must land once something outside has happened
 * (a refund the processor made): such a write cannot be answered with "try again".
 */
export async function retryTransient<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
