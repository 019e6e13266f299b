import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Camera } from '../../api/types';
import { clockTime } from '../../lib/format';
import { useLivePlayer } from '../../lib/useLivePlayer';
import { useVisible } from '../../lib/useVisible';
import { CameraStatus } from '../cameras/CameraStatus';
import { DetectionOverlay } from './DetectionOverlay';

/**
 * One camera of the wall: live picture (and AI detections), name, state and the time of the last frame shown.
 * `full`: the single-camera view, which plays the main stream (a wall tile plays the grid stream).
 */
export function LiveTile({ camera, view = 'grid' }: { camera: Camera; view?: 'grid' | 'full' }) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const visible = useVisible(frame);
  const playing = visible && camera.is_active;
  const { state, transport, lastFrameAt, audio } = useLivePlayer(camera.id, video, playing, view);
  // Tiles start muted (browsers play nothing else by themselves); the speaker button is the user's gesture.
  const [sound, setSound] = useState(false);
  const toggleSound = () => {
    const element = video.current;
    if (!element) return;
    element.muted = sound;
    setSound(!sound);
  };

  return (
    <figure
      ref={frame}
      className="relative overflow-hidden rounded-lg bg-black"
      aria-label={`Live view of ${camera.name}`}
    >
      <video
        ref={video}
        muted
        playsInline
        className="aspect-video w-full object-contain"
        data-camera-id={camera.id}
        data-transport={transport ?? undefined}
      />
      {playing && state === 'playing' && <DetectionOverlay cameraId={camera.id} />}
      {state === 'stalled' && (
        // The last picture stays on screen, dimmed, and says how old it is: never an old picture shown as now.
        <div className="absolute inset-0 grid place-items-center bg-black/60 px-2 text-center text-sm text-white">
          {lastFrameAt === null
            ? 'Camera offline'
            : `Camera offline — last picture at ${clockTime(lastFrameAt)}`}
        </div>
      )}
      {state !== 'playing' && state !== 'stalled' && (
        <div className="absolute inset-0 grid place-items-center text-sm text-slate-300">
          {!camera.is_active
            ? 'Paused'
            : state === 'unavailable'
              ? camera.live_online === false
                ? 'Camera offline — trying again'
                : 'No picture — trying again'
              : state === 'connecting'
                ? 'Connecting…'
                : ''}
        </div>
      )}
      <figcaption className="absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-2 py-1 text-sm text-white">
        <Link to={`/cameras/${camera.id}`} className="truncate font-medium hover:underline">
          {camera.name}
        </Link>
        <CameraStatus camera={camera} compact playing={state === 'playing'} stalled={state === 'stalled'} />
        {state === 'playing' && transport && (
          <span className="text-xs text-slate-300" title="How the picture reaches this browser">
            {transport === 'webrtc' ? 'WebRTC' : 'HLS'}
          </span>
        )}
        {state === 'playing' && audio && (
          <button
            type="button"
            onClick={toggleSound}
            aria-pressed={sound}
            aria-label={sound ? `Mute ${camera.name}` : `Sound on for ${camera.name}`}
            title={sound ? 'Mute' : 'Sound on'}
            className="rounded px-1 text-base leading-none hover:bg-white/20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            <span aria-hidden="true">{sound ? '🔊' : '🔇'}</span>
          </button>
        )}
        {lastFrameAt !== null && (
          <time
            className="ml-auto tabular-nums text-xs text-slate-200"
            dateTime={new Date(lastFrameAt).toISOString()}
          >
            {clockTime(lastFrameAt)}
          </time>
        )}
      </figcaption>
    </figure>
  );
}
