import { z } from 'zod';
import { readString, removeKey, writeJson } from '~/lib/storage';
import { FIT_LIMITS, type FitNeeds } from './fit';

/** The figures last entered in "Will it fit?", kept on this device only (never sent anywhere). */
export const REMEMBERED_KEY = 'fitNeeds';

const figure = (limits: { min: number; max: number }) =>
  z.number().min(limits.min).max(limits.max).optional();
const rememberedSchema = z.object({
  weightLb: figure(FIT_LIMITS.weightLb),
  doorIn: figure(FIT_LIMITS.doorIn),
});

/** The stored text as it is (a stable snapshot for useSyncExternalStore). */
export const rememberedRaw = () => readString(REMEMBERED_KEY);

export function parseRemembered(raw: string | null): FitNeeds {
  if (!raw) return {};
  try {
    const parsed = rememberedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
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
