// No React here: the landing page's tiny theme script (scripts/prerender-landing.tsx) is built from this file.

export type Theme = 'light' | 'dark';

/** The theme choice lives in the browser only (seed-spec section 1); the default is light. */
export const THEME_STORAGE_KEY = 'theme';

export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to the default.
    return 'light';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; the choice still applies for this page view.
  }
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Applies the saved theme; run before the first paint so a dark-mode user never sees a light flash. */
export function applyStoredTheme(): void {
  applyTheme(readStoredTheme());
}
