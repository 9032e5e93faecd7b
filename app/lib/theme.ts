export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
/** Display preferences beside the theme (display-preferences.ts): text size and high contrast. */
export const TEXT_SIZE_STORAGE_KEY = 'textSize';
export const CONTRAST_STORAGE_KEY = 'contrast';

/**
 * Runs inline in <head> before the body is parsed, so the first paint already has the right
 * theme (a stored choice wins, otherwise the system setting), text size and contrast: no page
 * ever flashes at the wrong size or colours. Kept tiny and dependency-free.
 */
export const themeBootScript = `(function(){try{var l=localStorage,s=l.getItem('${THEME_STORAGE_KEY}');var d=s==='dark'||(s!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.dataset.theme=d?'dark':'light';e.style.colorScheme=d?'dark':'light';var t=l.getItem('${TEXT_SIZE_STORAGE_KEY}');if(t==='125'||t==='150')e.dataset.textSize=t;if(l.getItem('${CONTRAST_STORAGE_KEY}')==='high')e.dataset.contrast='high'}catch(_){}})();`;

export function readAppliedTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}

/**
 * Notifies when the applied theme changes: in this tab (the toggle, the boot script) or in
 * another tab of the same browser (through the storage event).
 */
export function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
      applyTheme(event.newValue);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener('storage', onStorage);
  };
}
