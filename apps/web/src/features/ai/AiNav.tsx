import { NavLink } from 'react-router';

const ITEMS = [
  { to: '/ai', label: 'Adapters & models', end: true },
  { to: '/ai/results', label: 'Results', end: false },
  { to: '/ai/cloud', label: 'Cloud', end: false },
];

/** The AI section's own navigation. */
export function AiNav() {
  return (
    <nav
      aria-label="AI section"
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
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
