import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { CameraStatus } from './CameraStatus';
import { PAGE_SIZE, useCameras } from './queries';

/** The cameras the user may see: search, state, and pages of 50; "add" and the bin from here. */
export function CamerasPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const cameras = useCameras({ q, page });
  const total = cameras.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="cameras-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 id="cameras-title" className="text-xl font-semibold">
          Cameras
        </h1>
        <ButtonLink to="/cameras/new" tone="primary">
          Add camera
        </ButtonLink>
        <ButtonLink to="/cameras/bin" tone="secondary">
          Bin
        </ButtonLink>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <span>Search</span>
          <input
            type="search"
            value={q}
            maxLength={200}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(0);
            }}
            placeholder="Name, location or address"
            className="w-56 rounded-md border border-slate-300 bg-transparent px-3 py-1.5 dark:border-slate-700"
          />
        </label>
      </div>
      {cameras.isPending ? (
        <Spinner label="Loading cameras…" />
      ) : cameras.isError ? (
        <ErrorState message={cameras.error.message} onRetry={() => void cameras.refetch()} />
      ) : cameras.data.cameras.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          {q ? `No camera matches “${q}”.` : 'No cameras yet.'}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {cameras.data.cameras.map((camera) => (
              <li key={camera.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Link
                  to={`/cameras/${camera.id}`}
                  className="font-medium text-sky-700 hover:underline dark:text-sky-400"
                >
                  {camera.name}
                </Link>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {[camera.location, camera.ip_address].filter(Boolean).join(' · ')}
                </span>
                <span className="ml-auto">
                  <CameraStatus camera={camera} />
                </span>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
