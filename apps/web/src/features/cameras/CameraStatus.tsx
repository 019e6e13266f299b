import type { Camera } from '../../api/types';

const RECORDING: Record<string, { label: string; tone: string }> = {
  recording: { label: 'Recording', tone: 'bg-red-600 text-white' },
  starting: { label: 'Starting', tone: 'bg-slate-500 text-white' },
  retrying: { label: 'Retrying', tone: 'bg-amber-500 text-black' },
  failed: { label: 'Failed', tone: 'bg-red-900 text-white' },
  storage_error: { label: 'Storage error', tone: 'bg-red-900 text-white' },
  stopped: { label: 'Stopped', tone: 'bg-slate-500 text-white' },
  disabled: { label: 'Not recording', tone: 'bg-slate-600 text-white' },
};

/** Said when the recorder reads nothing of the camera, so nobody knows whether it is up (live_online null). */
const NOT_CONNECTED =
  'The recorder is not connected to this camera right now: recording is off and nobody is watching it.';

/**
 * Online and recording state as badges, with words (never colour alone). `playing`: this page is showing the
 * camera's live picture right now, which says more than the recorder's last report; `stalled`: it showed it, and
 * no new picture has come for a while — offline, whatever the last report said.
 */
export function CameraStatus({
  camera,
  compact = false,
  playing = false,
  stalled = false,
}: {
  camera: Camera;
  compact?: boolean;
  playing?: boolean;
  stalled?: boolean;
}) {
  const online = playing ? true : stalled ? false : camera.live_online;
  const recording = camera.recording_state ? RECORDING[camera.recording_state] : undefined;
  return (
    <span className="flex items-center gap-1 text-xs">
      <span
        className={`rounded px-1.5 py-0.5 font-medium ${online === true ? 'bg-emerald-700 text-white' : online === false ? 'bg-slate-700 text-white' : 'bg-slate-400 text-black'}`}
        title={online === null ? NOT_CONNECTED : undefined}
      >
        {playing ? 'Live' : online === true ? 'Online' : online === false ? 'Offline' : 'Not connected'}
      </span>
      {recording && (!compact || camera.recording_state !== 'disabled') && (
        <span className={`rounded px-1.5 py-0.5 font-medium ${recording.tone}`}>{recording.label}</span>
      )}
    </span>
  );
}
