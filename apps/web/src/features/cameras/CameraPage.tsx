import { NavLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { Camera } from '../../api/types';
import { ButtonLink } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { RecentEvents } from '../events/RecentEvents';
import { LiveTile } from '../live/LiveTile';
import { NotFound } from '../shell/NotFound';
import { BinCameraButton } from './BinCameraButton';
import { CameraPermissions } from './CameraPermissions';
import { CameraSkills } from './CameraSkills';
import { CameraStatus } from './CameraStatus';
import { DeviceUsers } from './DeviceUsers';
import { PtzPad } from './PtzPad';
import { SnapshotButton } from './SnapshotButton';
import { StreamSettings } from './StreamSettings';
import { useCamera } from './queries';
import { CameraSettings, SETTINGS_SECTIONS } from './settings/CameraSettings';

/** The camera page's sections, each at its own URL (/cameras/12/stream) so a reload or a link opens it. */
const SECTIONS = [
  { path: '', label: 'Overview' },
  { path: 'stream', label: 'Stream settings' },
  ...SETTINGS_SECTIONS,
  { path: 'access', label: 'Access' },
  { path: 'skills', label: 'Skills' },
  { path: 'device-users', label: 'Device accounts' },
] as const;

function Overview({ camera }: { camera: Camera }) {
  return (
    <>
      <LiveTile camera={camera} view="full" />
      <div className="flex flex-wrap gap-2">
        <SnapshotButton camera={camera} />
      </div>
      <PtzPad camera={camera} />
      {camera.stream_warning && (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {camera.stream_warning}
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Address</dt>
        <dd>{camera.ip_address}</dd>
        {camera.location && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Location</dt>
            <dd>{camera.location}</dd>
          </>
        )}
        {camera.motion_active !== null && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Motion</dt>
            <dd data-testid="camera-motion">{camera.motion_active ? 'moving now' : 'still'}</dd>
          </>
        )}
        {camera.last_recording_at && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Last recording</dt>
            <dd>{new Date(camera.last_recording_at).toLocaleString()}</dd>
          </>
        )}
      </dl>
      <RecentEvents cameraId={camera.id} />
    </>
  );
}

/**
 * One camera: live view and state, and its administration (stream, motion, zones, review, access, skills, device
 * accounts).
 */
export function CameraPage() {
  const params = useParams();
  const id = Number(params.cameraId);
  const section = params.section ?? '';
  const camera = useCamera(id);
  if (!Number.isInteger(id) || (camera.error instanceof ApiError && camera.error.status === 404)) {
    return <NotFound what="camera" />;
  }
  if (!SECTIONS.some((known) => known.path === section)) return <NotFound />;
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
        <span data-testid="camera-state">
          <CameraStatus camera={data} />
        </span>
        <span className="ml-auto flex gap-2">
          <ButtonLink to={`/cameras/${id}/edit`} tone="secondary">
            Edit camera
          </ButtonLink>
          <BinCameraButton camera={data} />
        </span>
      </div>
      <nav aria-label="Camera sections" className="-mx-1 flex gap-1 overflow-x-auto">
        {SECTIONS.map((item) => (
          <NavLink
            key={item.path}
            to={item.path ? `/cameras/${id}/${item.path}` : `/cameras/${id}`}
            end
            className={({ isActive }) =>
              `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-slate-200 dark:bg-slate-800' : 'hover:bg-slate-100 dark:hover:bg-slate-800/60'}`
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      {section === '' && <Overview camera={data} />}
      {section === 'stream' && <StreamSettings camera={data} />}
      {section === 'access' && <CameraPermissions camera={data} />}
      {section === 'skills' && <CameraSkills camera={data} />}
      {section === 'device-users' && <DeviceUsers camera={data} />}
      {SETTINGS_SECTIONS.map(
        (item) =>
          section === item.path && <CameraSettings key={item.path} camera={data} section={item.path} />,
      )}
    </section>
  );
}
