import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { CloudSettingsPanel } from './CloudSettingsForm';
import { StreamTargets } from './StreamTargets';
import { AdminPage } from './AdminPage';

/** Cloud recording and streaming settings, and the stream targets with their live state. */
export function CloudSettingsPage() {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  const names = new Map((cameras.data?.cameras ?? []).map((camera) => [camera.id, camera.name]));
  return (
    <AdminPage id="cloud" title="Cloud">
      <CloudSettingsPanel />
      <StreamTargets cameraNames={names} />
    </AdminPage>
  );
}
