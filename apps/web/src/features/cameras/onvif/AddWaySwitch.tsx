import { Link } from 'react-router';

const WAYS = [
  { label: 'Type the stream', to: '/cameras/new', onvif: false },
  { label: 'From an ONVIF device', to: '/cameras/new?from=onvif', onvif: true },
] as const;

/** The two ways to add a camera, as links (each way has its own address, so it can be bookmarked or shared). */
export function AddWaySwitch({ fromDevice }: { fromDevice: boolean }) {
  return (
    <nav aria-label="How to add the camera">
      <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-800">
        {WAYS.map((way) => {
          const current = way.onvif === fromDevice;
          return (
            <li key={way.to}>
              <Link
                to={way.to}
                replace
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-1.5 text-sm font-medium ${
                  current ? 'bg-sky-700 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                }`}
              >
                {way.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
