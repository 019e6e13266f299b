import type { Camera } from '../../../api/types';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { MotionSettings } from './MotionSettings';
import { useCameraRights } from './queries';
import { ReviewSettings } from './ReviewSettings';
import { ZoneSettings } from './ZoneSettings';

export const SETTINGS_SECTIONS = [
  { path: 'motion', label: 'Motion' },
  { path: 'zones', label: 'Zones' },
  { path: 'review-settings', label: 'Review settings' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['path'];

/** The camera's motion, zones and review settings: editable with the manage right, shown read-only without. */
export function CameraSettings({ camera, section }: { camera: Camera; section: SettingsSection }) {
  const rights = useCameraRights(camera);
  if (rights.isPending) return <Spinner label="Checking your rights on this camera…" />;
  if (rights.isError)
    return <ErrorState message={rights.error.message} onRetry={() => void rights.refetch()} />;
  const readOnly = !rights.data.manage;
  return (
    <div className="space-y-4">
      {readOnly && (
        <p className="rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="read-only-note">
          You can look at these settings; changing them needs the manage right on this camera.
        </p>
      )}
      {section === 'motion' && <MotionSettings camera={camera} readOnly={readOnly} />}
      {section === 'zones' && <ZoneSettings camera={camera} readOnly={readOnly} />}
      {section === 'review-settings' && <ReviewSettings camera={camera} readOnly={readOnly} />}
    </div>
  );
}
