import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { LiveBar } from './LiveBar';
import { LiveTile } from './LiveTile';

/** Columns for n tiles on a wide screen: a near-square grid (2×2 for 4, 4×4 for 16). */
function columnsFor(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(count)));
}

const COLUMNS: Record<number, string> = {
  1: 'md:grid-cols-1',
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-4',
  5: 'md:grid-cols-5',
  6: 'md:grid-cols-6',
};

/** Every camera the user may see, live, in a grid (one column on a phone). */
export function LiveWall() {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  if (cameras.isPending) return <Spinner label="Loading cameras…" />;
  if (cameras.isError)
    return <ErrorState message={cameras.error.message} onRetry={() => void cameras.refetch()} />;
  const list = cameras.data.cameras;
  if (list.length === 0) {
    return (
      <section className="mx-auto max-w-md py-16 text-center" aria-labelledby="no-cameras">
        <h1 id="no-cameras" className="text-xl font-semibold">
          No cameras yet
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Add a camera, or ask the owner of one to share it with you.
        </p>
        <Link to="/cameras" className="mt-6 inline-block text-sky-700 underline dark:text-sky-400">
          Go to cameras
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="live-title">
      <LiveBar />
      <h1 id="live-title" className="sr-only">
        Live view of all cameras
      </h1>
      <div
        className={`grid grid-cols-1 items-start gap-2 ${COLUMNS[Math.min(6, columnsFor(list.length))] ?? 'md:grid-cols-6'}`}
      >
        {list.map((camera) => (
          <LiveTile key={camera.id} camera={camera} />
        ))}
      </div>
    </section>
  );
}
