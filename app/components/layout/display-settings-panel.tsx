import { useSyncExternalStore } from 'react';
import {
  appliedPreferencesKey,
  preferencesOfKey,
  setHighContrast,
  setTextSize,
  subscribeToPreferences,
  TEXT_SIZES,
} from '~/lib/display-preferences';

/** The display choices; they apply at once and are remembered on this device. */
export default function DisplaySettingsPanel() {
  // Follows every change: here, from the boot script, or from another tab. The server cannot
  // know the device's choice: it renders the defaults, corrected once the page is interactive.
  const key = useSyncExternalStore(subscribeToPreferences, appliedPreferencesKey, () => '100');
  const { textSize, highContrast } = preferencesOfKey(key);
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="font-bold">Text size</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {TEXT_SIZES.map((size) => (
            <label key={size} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="text-size"
                value={size}
                checked={textSize === size}
                onChange={() => setTextSize(size)}
                className="h-5 w-5 accent-brand"
              />
              {size} %
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-bold">
        <input
          type="checkbox"
          checked={highContrast}
          onChange={(event) => setHighContrast(event.target.checked)}
          className="h-5 w-5 accent-brand"
        />
        High contrast
      </label>
    </div>
  );
}
