/**
 * Which scheduled backups to keep (docs/decisions/0035): the newest of each UTC hour for the
 * last `hourly` hours, the newest of each UTC day for the last `dailyDays` days, and always the
 * newest backup of all, whatever its age (backups that stopped for a month must not leave
 * none). Everything else is pruned. A pure function of the list and the time, so it is tested
 * with generated lists (keep-policy.test.ts).
 */

export interface KeepPolicy {
  /** Hours back from now in which the newest backup of each hour is kept. */
  hourly: number;
  /** Days back from now in which the newest backup of each day is kept. */
  dailyDays: number;
}

export const DEFAULT_KEEP_POLICY: KeepPolicy = { hourly: 48, dailyDays: 30 };

export interface BackupEntry {
  name: string;
  /** When the backup was taken, ms since the epoch. */
  takenAt: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Keeps the newest entry of each slot (`slotMs` wide, counted from the epoch, so slots are UTC
 * hours or days) among the `count` slots that end with the one holding `now`.
 */
function newestPerSlot(entries: BackupEntry[], now: number, slotMs: number, count: number): Set<string> {
  const currentSlot = Math.floor(now / slotMs);
  const newest = new Map<number, BackupEntry>();
  for (const entry of entries) {
    const slot = Math.floor(entry.takenAt / slotMs);
    if (slot > currentSlot || slot <= currentSlot - count) continue;
    const kept = newest.get(slot);
    if (!kept || entry.takenAt > kept.takenAt) newest.set(slot, entry);
  }
  return new Set([...newest.values()].map((entry) => entry.name));
}

/** The entries to delete under `policy` at `now`. The rest are kept. */
export function backupsToPrune(
  entries: BackupEntry[],
  now: number,
  policy: KeepPolicy = DEFAULT_KEEP_POLICY,
): BackupEntry[] {
  if (entries.length === 0) return [];
  const kept = new Set([
    ...newestPerSlot(entries, now, HOUR_MS, policy.hourly),
    ...newestPerSlot(entries, now, DAY_MS, policy.dailyDays),
  ]);
  const newestOfAll = entries.reduce((a, b) => (b.takenAt > a.takenAt ? b : a));
  kept.add(newestOfAll.name);
  return entries.filter((entry) => !kept.has(entry.name));
}
