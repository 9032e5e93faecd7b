import { Moon, Sun } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useSyncExternalStore } from 'react';
import { applyTheme, readAppliedTheme, subscribeToTheme, type Theme } from '~/lib/theme';

/** Switches between light and dark; the choice is kept on the device. */
export function ThemeToggle() {
  // Unknown on the server (null): the boot script decides before paint, we read it after.
  const theme = useSyncExternalStore<Theme | null>(subscribeToTheme, readAppliedTheme, () => null);

  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      className="inline-flex h-11 w-11 items-center justify-center rounded-md text-fg hover:bg-surface"
      aria-label="Dark theme"
      aria-pressed={theme === null ? undefined : isDark}
      onClick={() => {
        const next: Theme = readAppliedTheme() === 'dark' ? 'light' : 'dark';
        applyTheme(next);
      }}
    >
      {isDark ? <Icon icon={Moon} size={20} /> : <Icon icon={Sun} size={20} />}
    </button>
  );
}
