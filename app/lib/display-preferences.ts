import { CONTRAST_STORAGE_KEY, TEXT_SIZE_STORAGE_KEY } from './theme';
import { readString, removeKey, writeString } from './storage';

/**
 * Text size and high contrast, kept on the device and applied to <html> (data-text-size,
 * data-contrast) by the boot script before the first paint (theme.ts) and here when changed.
 * The stylesheet does the rest: every size is in rem, so 125 and 150 % scale the whole page.
 */
export const TEXT_SIZES = ['100', '125', '150'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface DisplayPreferences {
  textSize: TextSize;
  highContrast: boolean;
}

const isTextSize = (value: unknown): value is TextSize => TEXT_SIZES.includes(value as TextSize);

/** What the page shows now (the boot script applied the stored choice). */
export function readAppliedPreferences(): DisplayPreferences {
  const root = document.documentElement;
  const size = root.dataset.textSize;
  return { textSize: isTextSize(size) ? size : '100', highContrast: root.dataset.contrast === 'high' };
}

/** A stable key of the applied preferences (a snapshot for useSyncExternalStore). */
export const appliedPreferencesKey = () => {
  const { textSize, highContrast } = readAppliedPreferences();
  return `${textSize}${highContrast ? '-high' : ''}`;
};

/** The preferences a key of appliedPreferencesKey stands for. */
export function preferencesOfKey(key: string): DisplayPreferences {
  const [size, contrast] = key.split('-');
  return { textSize: isTextSize(size) ? size : '100', highContrast: contrast === 'high' };
}

function apply({ textSize, highContrast }: DisplayPreferences) {
  const root = document.documentElement;
  if (textSize === '100') delete root.dataset.textSize;
  else root.dataset.textSize = textSize;
  if (highContrast) root.dataset.contrast = 'high';
  else delete root.dataset.contrast;
}

export function setTextSize(textSize: TextSize): void {
  apply({ ...readAppliedPreferences(), textSize });
  if (textSize === '100') removeKey(TEXT_SIZE_STORAGE_KEY);
  else writeString(TEXT_SIZE_STORAGE_KEY, textSize);
}

export function setHighContrast(highContrast: boolean): void {
  apply({ ...readAppliedPreferences(), highContrast });
  if (highContrast) writeString(CONTRAST_STORAGE_KEY, 'high');
  else removeKey(CONTRAST_STORAGE_KEY);
}

/** Changes in this tab (the attributes) and in others (storage events, applied here too). */
export function subscribeToPreferences(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-text-size', 'data-contrast'],
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TEXT_SIZE_STORAGE_KEY && event.key !== CONTRAST_STORAGE_KEY) return;
    const size = readString(TEXT_SIZE_STORAGE_KEY);
    apply({
      textSize: isTextSize(size) ? size : '100',
      highContrast: readString(CONTRAST_STORAGE_KEY) === 'high',
    });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener('storage', onStorage);
  };
}
