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

/**
 * Online and recording state as badges, with words (never colour alone). `playing`: this page is showing the
 * camera's live picture right now, which says more than the recorder's last report.
 */
export function CameraStatus({
  camera,
  compact = false,
  playing = false,
}: {
  camera: Camera;
  compact?: boolean;
  playing?: boolean;
}) {
  const online = playing ? true : camera.live_online;
  const recording = camera.recording_state ? RECORDING[camera.recording_state] : undefined;
  return (
    <span className="flex items-center gap-1 text-xs">
      <span
        className={`rounded px-1.5 py-0.5 font-medium ${online === true ? 'bg-emerald-700 text-white' : online === false ? 'bg-slate-700 text-white' : 'bg-slate-400 text-black'}`}
      >
        {playing ? 'Live' : online === true ? 'Online' : online === false ? 'Offline' : 'Unknown'}
      </span>
      {recording && (!compact || camera.recording_state !== 'disabled') && (
        <span className={`rounded px-1.5 py-0.5 font-medium ${recording.tone}`}>{recording.label}</span>
      )}
    </span>
  );
}
