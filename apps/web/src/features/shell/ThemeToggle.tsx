import { setTheme, useTheme } from '../../lib/theme';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const NAMES = { system: 'system theme', light: 'light theme', dark: 'dark theme' } as const;
const ICONS = { system: '◐', light: '☀', dark: '☾' } as const;

/** One press moves system → light → dark → system; the button says which theme is on and what comes next. */
export function ThemeToggle() {
  const theme = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      className="rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
      aria-label={`Using the ${NAMES[theme]}; switch to the ${NAMES[NEXT[theme]]}`}
      title={`Switch to the ${NAMES[NEXT[theme]]}`}
    >
      <span aria-hidden="true">{ICONS[theme]}</span>
    </button>
  );
}
