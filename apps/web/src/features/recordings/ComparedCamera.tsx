import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { RecordingPicture } from './RecordingPicture';
import { useRecordingPlayer } from './useRecordingPlayer';

/** What the camera on the timeline is doing: the cameras compared with it do the same. */
export interface Leader {
  playheadMs: number | null;
  playing: boolean;
  speed: number;
  /** the person's last jump (click, key, marker): `n` counts them so the same instant twice is two jumps */
  jump: { ms: number; autoplay: boolean; n: number } | null;
}

/** Further apart than this, a compared camera is put back on the leader's instant (while playing / paused). */
const DRIFT_PLAYING_MS = 1_000;
const DRIFT_PAUSED_MS = 50;

/**
 * Another camera's recording played in step with the camera on the timeline: it jumps where the leader jumps,
 * plays, pauses and changes speed with it, and is put back on the leader's instant when it drifts (each camera
 * has its own chunks, gaps and buffering) — so up to four pictures show the same moment.
 */
export function ComparedCamera({
  cameraId,
  cameraName,
  leader,
  onRemove,
}: {
  cameraId: number;
  cameraName: string;
  leader: Leader;
  onRemove: () => void;
}) {
  const { video, state, playheadMs, seek, play, pause, setSpeed } = useRecordingPlayer(cameraId);
  const { jump, playing, speed } = leader;

  useEffect(() => {
    if (jump) seek(jump.ms, jump.autoplay);
  }, [jump, seek]);

  useEffect(() => setSpeed(speed), [speed, setSpeed]);

  useEffect(() => {
    if (!playing) pause();
    else if (state === 'paused') play();
    // Only when the leader starts or stops: the drift check below handles the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing]);

  useEffect(() => {
    if (leader.playheadMs === null || state === 'loading') return;
    const drift = playheadMs === null ? Infinity : Math.abs(playheadMs - leader.playheadMs);
    // A camera with nothing at this instant waits (its "nothing recorded" notice shows) until the leader moves on.
    if (state === 'no-footage' || state === 'ended' || state === 'error') {
      if (drift > DRIFT_PLAYING_MS * 10) seek(leader.playheadMs, playing);
      return;
    }
    if (drift > (playing ? DRIFT_PLAYING_MS : DRIFT_PAUSED_MS)) seek(leader.playheadMs, playing);
  }, [leader.playheadMs, playheadMs, playing, state, seek]);

  return (
    <RecordingPicture
      video={video}
      cameraId={cameraId}
      cameraName={cameraName}
      state={state}
      playheadMs={playheadMs}
      onRetry={() => leader.playheadMs !== null && seek(leader.playheadMs, playing)}
      action={
        <Button
          tone="quiet"
          className="px-2 py-0.5 text-white hover:bg-white/20 dark:hover:bg-white/20"
          aria-label={`Stop comparing ${cameraName}`}
          onClick={onRemove}
        >
          ✕
        </Button>
      }
    />
  );
}
