import { useMemo, useSyncExternalStore } from 'react';
import { readString, subscribeToKey, writeJson } from '~/lib/storage';
import {
  COMPARE_KEY,
  type ComparedProduct,
  parseSelection,
  toggleSelection,
  type ToggleOutcome,
} from './compare';

/**
 * The products this device chose to compare, kept in localStorage only (no account, no
 * server). Browser code: the card and page checkboxes, the tray and the compare page read it
 * after hydration; the server never renders it (catalogue pages are cached for everyone).
 */

// A tab hears no storage event for its own writes: those go to these listeners.
const listeners = new Set<() => void>();

const selectionRaw = () => readString(COMPARE_KEY);

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const stopListening = subscribeToKey(COMPARE_KEY, onChange);
  return () => {
    listeners.delete(onChange);
    stopListening();
  };
}

/** The selection, in the order chosen; empty on the server and during hydration. */
export function useCompareSelection(): ComparedProduct[] {
  const raw = useSyncExternalStore(subscribe, selectionRaw, () => null);
  return useMemo(() => parseSelection(raw), [raw]);
}

export const readSelection = (): ComparedProduct[] => parseSelection(selectionRaw());

/** False when the device would not keep it (storage full or turned off). */
export function saveSelection(list: readonly ComparedProduct[]): boolean {
  const saved = writeJson(COMPARE_KEY, list);
  for (const listener of listeners) listener();
  return saved;
}

/** Adds or removes the product; 'full' when four are chosen already (nothing changes). */
export function toggleCompared(product: ComparedProduct): ToggleOutcome | 'not-saved' {
  const { list, outcome } = toggleSelection(readSelection(), product);
  if (outcome === 'full') return outcome;
  return saveSelection(list) ? outcome : 'not-saved';
}

export function removeCompared(id: string): void {
  saveSelection(readSelection().filter((p) => p.id !== id));
}
