// Light, dark, or whatever the system says. The choice is kept in localStorage (it is no secret) and applied as
// the `dark` class on <html>, which Tailwind's `dark:` variant follows (styles.css).
import { useSyncExternalStore } from 'react';

export type Theme = 'system' | 'light' | 'dark';

const KEY = 'nvr-theme';
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function stored(): Theme {
  const value = localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

let current: Theme = stored();

function apply(): void {
  const dark = current === 'dark' || (current === 'system' && systemDark.matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Called once at start-up, before the first render, so the first paint is in the right theme. */
export function applyTheme(): void {
  apply();
  systemDark.addEventListener('change', apply);
}

export function setTheme(theme: Theme): void {
  current = theme;
  if (theme === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, theme);
  apply();
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
