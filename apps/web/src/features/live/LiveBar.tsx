import { Link, NavLink } from 'react-router';
import { setTransportChoice, useTransportChoice, type TransportChoice } from '../../lib/transportChoice';
import { useLayouts } from './queries';

const TAB =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium aria-[current=page]:bg-slate-200 hover:bg-slate-100 dark:aria-[current=page]:bg-slate-800 dark:hover:bg-slate-800/60';

/**
 * Which wall is on screen (every camera, or one of the user's saved layouts), and how pictures come (WebRTC
 * first, or HLS only: lib/transportChoice.ts; each tile says which one it plays).
 */
export function LiveBar() {
  const layouts = useLayouts();
  const choice = useTransportChoice();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2">
      <nav
        aria-label="Live walls"
        className="flex w-full min-w-0 items-center gap-1 overflow-x-auto sm:w-auto sm:flex-1"
      >
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
        <Link
          to="/layouts"
          className="ml-auto shrink-0 px-2 text-sm text-sky-700 underline dark:text-sky-400"
        >
          Edit layouts
        </Link>
      </nav>
      <label className="flex shrink-0 items-center gap-2 text-sm">
        Picture
        <select
          value={choice}
          onChange={(event) => setTransportChoice(event.target.value as TransportChoice)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="auto">Fastest (WebRTC where offered)</option>
          <option value="hls">HLS only</option>
        </select>
      </label>
    </div>
  );
}
