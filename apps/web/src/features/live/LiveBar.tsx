import { Link, NavLink } from 'react-router';
import { useLayouts } from './queries';

const TAB =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium aria-[current=page]:bg-slate-200 hover:bg-slate-100 dark:aria-[current=page]:bg-slate-800 dark:hover:bg-slate-800/60';

/** Which wall is on screen: every camera, or one of the user's saved layouts. */
export function LiveBar() {
  const layouts = useLayouts();
  return (
    <nav aria-label="Live walls" className="mb-3 flex items-center gap-1 overflow-x-auto">
      <NavLink to="/live" end className={TAB}>
        All cameras
      </NavLink>
      {layouts.data?.layouts
        .filter((layout) => layout.enabled)
        .map((layout) => (
          <NavLink key={layout.id} to={`/live/layout/${encodeURIComponent(layout.id)}`} className={TAB}>
            {layout.name}
          </NavLink>
        ))}
      {layouts.isError && (
        <span role="status" className="px-2 text-sm text-red-700 dark:text-red-300">
          Layouts could not be loaded.
        </span>
      )}
      <Link to="/layouts" className="ml-auto shrink-0 px-2 text-sm text-sky-700 underline dark:text-sky-400">
        Edit layouts
      </Link>
    </nav>
  );
}
