import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BackupEntry, backupsToPrune, DEFAULT_KEEP_POLICY } from './keep-policy';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 27, 12, 30);

/** Backups taken up to 40 days before NOW, with unique names. */
const backupLists = fc
  .uniqueArray(fc.integer({ min: 0, max: 40 * DAY }), { maxLength: 200 })
  .map((ages) => ages.map((age): BackupEntry => ({ name: `b${age}`, takenAt: NOW - age })));

const keptOf = (entries: BackupEntry[], now = NOW) => {
  const pruned = new Set(backupsToPrune(entries, now).map((e) => e.name));
  return entries.filter((e) => !pruned.has(e.name));
};

const newestIn = (entries: BackupEntry[], from: number, to: number) =>
  entries.filter((e) => e.takenAt >= from && e.takenAt < to).sort((a, b) => b.takenAt - a.takenAt)[0];

describe('backup keep policy (48 hourly, then daily for 30 days)', () => {
  it('keeps one backup an hour for 48 hours, one a day for 30 days, and prunes the rest', () => {
    // A backup every hour for 40 days, as the default schedule makes them.
    const hourly = Array.from({ length: 40 * 24 }, (_, i) => ({ name: `h${i}`, takenAt: NOW - i * HOUR }));
    const kept = keptOf(hourly);
    const ages = kept.map((e) => NOW - e.takenAt);
    // 48 hourly (ages 0..47 h), then the newest of each older UTC day back to 30 days.
    expect(ages.filter((age) => age < 48 * HOUR)).toHaveLength(48);
    expect(ages.every((age) => age < 30 * DAY)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(48 + 30);
    expect(kept.length).toBeGreaterThanOrEqual(48 + 27);
  });

  it.each([
    { case: 'no backups', ages: [], pruned: [] },
    { case: 'one backup 90 days old (the newest is always kept)', ages: [90 * DAY], pruned: [] },
    { case: 'two in one hour: the older goes', ages: [0, 10 * 60 * 1000], pruned: [10 * 60 * 1000] },
    { case: 'past 30 days, behind a newer one', ages: [0, 31 * DAY], pruned: [31 * DAY] },
  ])('$case', ({ ages, pruned }) => {
    const entries = ages.map((age) => ({ name: `a${age}`, takenAt: NOW - age }));
    expect(backupsToPrune(entries, NOW).map((e) => NOW - e.takenAt)).toEqual(pruned);
  });

  it('never prunes the newest backup', () => {
    fc.assert(
      fc.property(backupLists, (entries) => {
        if (entries.length === 0) return;
        const newest = entries.reduce((a, b) => (b.takenAt > a.takenAt ? b : a));
        expect(keptOf(entries).map((e) => e.name)).toContain(newest.name);
      }),
    );
  });

  it('keeps the newest backup of each of the last 48 UTC hours and of the last 30 UTC days', () => {
    fc.assert(
      fc.property(backupLists, (entries) => {
        const kept = new Set(keptOf(entries).map((e) => e.name));
        const hourStart = Math.floor(NOW / HOUR) * HOUR;
        for (let h = 0; h < DEFAULT_KEEP_POLICY.hourly; h++) {
          const newest = newestIn(entries, hourStart - h * HOUR, hourStart - (h - 1) * HOUR);
          if (newest) expect(kept.has(newest.name)).toBe(true);
        }
        const dayStart = Math.floor(NOW / DAY) * DAY;
        for (let d = 0; d < DEFAULT_KEEP_POLICY.dailyDays; d++) {
          const newest = newestIn(entries, dayStart - d * DAY, dayStart - (d - 1) * DAY);
          if (newest) expect(kept.has(newest.name)).toBe(true);
        }
      }),
    );
  });

  it('keeps nothing else: at most one per hour slot, one per day slot and the newest', () => {
    fc.assert(
      fc.property(backupLists, (entries) => {
        const kept = keptOf(entries);
        expect(kept.length).toBeLessThanOrEqual(
          DEFAULT_KEEP_POLICY.hourly + DEFAULT_KEEP_POLICY.dailyDays + 1,
        );
        const oldestDailySlot = Math.floor(NOW / DAY) - DEFAULT_KEEP_POLICY.dailyDays + 1;
        const newest = Math.max(...entries.map((e) => e.takenAt));
        for (const entry of kept) {
          const inDailyWindow = Math.floor(entry.takenAt / DAY) >= oldestDailySlot;
          expect(inDailyWindow || entry.takenAt === newest).toBe(true);
        }
      }),
    );
  });

  it('is stable: pruning what it kept prunes nothing more, and a later run keeps the days it kept', () => {
    fc.assert(
      fc.property(backupLists, fc.integer({ min: 0, max: 10 * DAY }), (entries, later) => {
        const kept = keptOf(entries);
        expect(backupsToPrune(kept, NOW)).toEqual([]);
        // Hours later, with no new backups: a daily backup still inside 30 days stays.
        const keptLater = new Set(keptOf(kept, NOW + later).map((e) => e.name));
        const dayStart = Math.floor(NOW / DAY) * DAY;
        for (let d = 0; d < DEFAULT_KEEP_POLICY.dailyDays; d++) {
          const newest = newestIn(kept, dayStart - d * DAY, dayStart - (d - 1) * DAY);
          if (!newest) continue;
          const daysOldLater = Math.floor((NOW + later) / DAY) - Math.floor(newest.takenAt / DAY);
          if (daysOldLater < DEFAULT_KEEP_POLICY.dailyDays) expect(keptLater.has(newest.name)).toBe(true);
        }
      }),
    );
  });
});
