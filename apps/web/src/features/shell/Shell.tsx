import { NavLink, Outlet } from 'react-router';
import { signOut } from '../../api/session';
import { UnackedBadge } from '../alerts/UnackedBadge';
import { useLiveQueryUpdates } from '../events/useLiveQueryUpdates';
import { ReviewNavLink } from '../review/ReviewNavLink';
import { ThemeToggle } from './ThemeToggle';

const NAV = [
  { to: '/live', label: 'Live' },
  { to: '/review', label: 'Review' },
  { to: '/recordings', label: 'Recordings' },
  { to: '/cameras', label: 'Cameras' },
  { to: '/events', label: 'Events' },
  { to: '/alerts', label: 'Alerts' },
  { to: '/ai', label: 'AI' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-slate-200 dark:bg-slate-800' : 'hover:bg-slate-100 dark:hover:bg-slate-800/60'}`;

/** The frame of every signed-in screen: header with navigation and the account, then the screen. */
export function Shell({ username, isSuperuser }: { username: string; isSuperuser: boolean }) {
  // Camera and alert changes announced by the event stream refresh the screens (features/events).
  useLiveQueryUpdates();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {/* On a phone the navigation takes rows of its own below the header, every entry in sight. */}
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
        <span className="font-semibold tracking-tight">NVR</span>
        <nav
          aria-label="Main"
          className="order-last -mx-1 flex w-full flex-wrap gap-1 px-1 md:order-none md:w-auto"
        >
          {/* The face library and administration only for administrators (features/faces, features/admin). */}
          {/* Review carries the count of incidents still to review (features/review). */}
          {(isSuperuser
            ? [...NAV, { to: '/faces', label: 'Faces' }, { to: '/admin', label: 'Admin' }]
            : NAV
          ).map((item) =>
            item.to === '/review' ? (
              <ReviewNavLink key={item.to} className={navClass} />
            ) : (
              <NavLink key={item.to} to={item.to} className={navClass}>
                {item.label}
              </NavLink>
            ),
          )}
        </nav>
        <UnackedBadge />
        <div className="ml-auto flex items-center gap-2 text-sm sm:gap-3">
          <ThemeToggle />
          <NavLink
            to="/account"
            className="rounded-md px-2 py-1.5 hover:bg-slate-100 aria-[current=page]:bg-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-800"
            aria-label={`Account: ${username}`}
          >
            <span className="hidden sm:inline">{username}</span>
            <span className="sm:hidden">Account</span>
          </NavLink>
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
