/**
 * localStorage that never throws: private browsing, a full quota or storage disabled by policy
 * are ordinary situations for a shop, and must not break a page.
 */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** False when the value could not be saved, so callers can tell the shopper. */
export function writeString(key: string, value: string): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the value simply stays.
  }
}

/** Parsed JSON, or undefined when absent or not JSON (callers validate the shape). */
export function readJson(key: string): unknown {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}

/**
 * Calls back when another tab changes this key (this tab's own writes raise no storage event);
 * for `useSyncExternalStore`. Returns the unsubscribe.
 */
export function subscribeToKey(key: string, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** A random id; randomUUID needs a secure context, which a plain-HTTP preview may lack. */
export function localId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
