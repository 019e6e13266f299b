import { NavLink } from 'react-router';
import { useMe } from '../cameras/queries';

/** The alerts section's own navigation; "Notification actions" only for administrators, who alone may use it. */
export function AlertsNav() {
  const me = useMe();
  const items = [
    { to: '/alerts', label: 'Alerts', end: true },
    ...(me.data?.is_superuser ? [{ to: '/alerts/actions', label: 'Notification actions', end: false }] : []),
  ];
  return (
    <nav aria-label="Alerts section" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
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
