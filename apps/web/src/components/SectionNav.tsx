import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export interface SectionNavItem {
  to: string;
  label: string;
  /** active only on exactly this URL, not below it */
  end?: boolean;
}

/**
 * The tabs of a section of the app (AI, administration): links with the current one underlined. On a phone the
 * row scrolls sideways; the current tab is brought into view, so a deep link does not land on a hidden tab.
 */
export function SectionNav({ label, items }: { label: string; items: readonly SectionNavItem[] }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end ?? false}
          className={({ isActive }) =>
            `-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
              isActive
                ? 'border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-300'
                : 'border-transparent hover:border-slate-300'
            }`
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
