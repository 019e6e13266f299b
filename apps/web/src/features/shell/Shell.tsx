import { NavLink, Outlet } from 'react-router';
import { signOut } from '../../api/session';

const NAV = [
  { to: '/live', label: 'Live' },
  { to: '/cameras', label: 'Cameras' },
];

/** The frame of every signed-in screen: header with navigation and the account, then the screen. */
export function Shell({ username }: { username: string }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex items-center gap-4 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <span className="font-semibold tracking-tight">NVR</span>
        <nav aria-label="Main" className="flex gap-1">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-slate-200 dark:bg-slate-800' : 'hover:bg-slate-100 dark:hover:bg-slate-800/60'}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="hidden sm:inline" aria-label="Signed in as">
            {username}
          </span>
          <button
            type="button"
            onClick={() => void signOut()}
            className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="flex-1 p-3 sm:p-4">
        <Outlet />
      </main>
    </div>
  );
}
