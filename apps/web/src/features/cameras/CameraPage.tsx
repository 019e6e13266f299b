import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { LiveTile } from '../live/LiveTile';
import { NotFound } from '../shell/NotFound';
import { CameraStatus } from './CameraStatus';
import { useCamera } from './queries';

/** One camera: full-width live view, state and details. */
export function CameraPage() {
  const id = Number(useParams().cameraId);
  const camera = useCamera(id);
  if (!Number.isInteger(id) || (camera.error instanceof ApiError && camera.error.status === 404)) {
    return <NotFound what="camera" />;
  }
  if (camera.isPending) return <Spinner label="Loading the camera…" />;
  if (camera.isError)
    return <ErrorState message={camera.error.message} onRetry={() => void camera.refetch()} />;
  const data = camera.data;
  return (
    <section aria-labelledby="camera-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="camera-title" className="text-xl font-semibold">
          {data.name}
        </h1>
        <CameraStatus camera={data} />
      </div>
      <LiveTile camera={data} />
      {data.stream_warning && (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {data.stream_warning}
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Address</dt>
        <dd>{data.ip_address}</dd>
        {data.location && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Location</dt>
            <dd>{data.location}</dd>
          </>
        )}
        {data.last_recording_at && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Last recording</dt>
            <dd>{new Date(data.last_recording_at).toLocaleString()}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
