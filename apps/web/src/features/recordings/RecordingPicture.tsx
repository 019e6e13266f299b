import type { ReactNode, RefObject } from 'react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { timeLabel } from './time';
import type { RecordingPlayerState } from './useRecordingPlayer';

/** A recording's picture: the video, what the player is doing when it shows nothing, name and the frame's time. */
export function RecordingPicture({
  video,
  cameraId,
  cameraName,
  state,
  playheadMs,
  onRetry,
  action,
}: {
  video: RefObject<HTMLVideoElement | null>;
  cameraId: number;
  cameraName: string;
  state: RecordingPlayerState;
  playheadMs: number | null;
  onRetry: () => void;
  /** a control in the caption (a compared camera's "Remove") */
  action?: ReactNode;
}) {
  const overlay =
    state === 'loading' ? (
      <Spinner label="Loading the recording…" />
    ) : state === 'ended' ? (
      <p>Nothing more was recorded in the hour after this.</p>
    ) : state === 'no-footage' ? (
      <p>
        Nothing was recorded{' '}
        {playheadMs === null ? 'here' : `at ${timeLabel(playheadMs)} or after it in this hour`}.
      </p>
    ) : state === 'error' ? (
      <div className="space-y-2 text-center">
        <p>The recording cannot be played.</p>
        <Button tone="secondary" className="bg-white text-slate-900" onClick={onRetry}>
          Try again
        </Button>
      </div>
    ) : state === 'idle' ? (
      <p>Choose an instant on the timeline to play from it.</p>
    ) : null;

  return (
    <figure
      className="relative overflow-hidden rounded-lg bg-black"
      aria-label={`Recording of ${cameraName}`}
    >
      <video
        ref={video}
        muted
        playsInline
        // Bounded by the window, so the timeline under it stays in view on a laptop's screen.
        className="aspect-video max-h-[max(10rem,calc(100dvh-27rem))] w-full object-contain"
        data-camera-id={cameraId}
        data-state={state}
      />
      {overlay && (
        <div role="status" className="absolute inset-0 grid place-items-center p-4 text-sm text-slate-200">
          {overlay}
        </div>
      )}
      <figcaption className="absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-2 py-1 text-sm text-white">
        <span className="truncate font-medium">{cameraName}</span>
        {playheadMs !== null && (
          <time className="ml-auto tabular-nums" dateTime={new Date(playheadMs).toISOString()}>
            {new Date(playheadMs).toLocaleDateString()} {timeLabel(playheadMs, true)}
          </time>
        )}
        {action}
      </figcaption>
    </figure>
  );
}
