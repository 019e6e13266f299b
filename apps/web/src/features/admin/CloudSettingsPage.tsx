import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { CloudSettingsPanel } from './CloudSettingsForm';
import { StreamTargets } from './StreamTargets';

/** Cloud recording and streaming settings, and the stream targets with their live state. */
export function CloudSettingsPage() {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  const names = new Map((cameras.data?.cameras ?? []).map((camera) => [camera.id, camera.name]));
  return (
    <section aria-labelledby="cloud-title" className="space-y-4">
      <h1 id="cloud-title" className="text-xl font-semibold">
        Cloud
      </h1>
      <CloudSettingsPanel />
      <StreamTargets cameraNames={names} />
    </section>
  );
}
