import { readString, removeKey, writeJson } from '~/lib/storage';
import { FIT_LIMITS, type FitNeeds } from '~/commerce/catalogue/fit';

/** The figures last entered in "Will it fit?", kept on this device only (never sent anywhere). */
export const REMEMBERED_KEY = 'fitNeeds';

/** A stored figure within its limits, or undefined. Checked by hand: zod would weigh 25 KB here. */
function figure(value: unknown, limits: { min: number; max: number }): number | undefined {
  return typeof value === 'number' && value >= limits.min && value <= limits.max ? value : undefined;
}

/** The stored text as it is (a stable snapshot for useSyncExternalStore). */
export const rememberedRaw = () => readString(REMEMBERED_KEY);

export function parseRemembered(raw: string | null): FitNeeds {
  if (!raw) return {};
  try {
    const stored = JSON.parse(raw) as { weightLb?: unknown; doorIn?: unknown } | null;
    if (typeof stored !== 'object' || stored === null) return {};
    return {
      weightLb: figure(stored.weightLb, FIT_LIMITS.weightLb),
      doorIn: figure(stored.doorIn, FIT_LIMITS.doorIn),
    };
  } catch {
    return {};
  }
}

export function rememberNeeds(needs: FitNeeds): void {
  writeJson(REMEMBERED_KEY, { weightLb: needs.weightLb, doorIn: needs.doorIn });
}

export function forgetNeeds(): void {
  removeKey(REMEMBERED_KEY);
}
