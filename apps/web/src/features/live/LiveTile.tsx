import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Camera } from '../../api/types';
import { clockTime } from '../../lib/format';
import { useTransportChoice } from '../../lib/transportChoice';
import { useLivePlayer } from '../../lib/useLivePlayer';
import { useVisible } from '../../lib/useVisible';
import { CameraStatus } from '../cameras/CameraStatus';
import { DetectionOverlay } from './DetectionOverlay';

/** Where a camera's picture shape is remembered, so its tile has it before the first picture. */
const aspectKey = (cameraId: number) => `nvr.live.aspect.${cameraId}`;

function rememberedAspect(cameraId: number): string | null {
  try {
    const value = localStorage.getItem(aspectKey(cameraId));
    return value && /^\d+ \/ \d+$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * One camera of the wall: live picture (and AI detections), name, state and the time of the last frame shown.
 * `full`: the single-camera view, which plays the main stream (a wall tile plays the grid stream); a wall tile
 * opens that view when clicked anywhere but on its buttons (keyboard: the camera's name, a link).
 */
export function LiveTile({ camera, view = 'grid' }: { camera: Camera; view?: 'grid' | 'full' }) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const visible = useVisible(frame);
  const playing = visible && camera.is_active;
  const choice = useTransportChoice();
  const { state, transport, lastFrameAt, audio, pictures } = useLivePlayer(
    camera.id,
    video,
    playing,
    view,
    choice,
  );
  // Tiles start muted (browsers play nothing else by themselves); the speaker button is the user's gesture.
  const [sound, setSound] = useState(false);
  // The picture's own shape (a doorbell is portrait, many cameras 4:3): as this browser last saw the camera
  // until its first picture says (the recorder does not know a camera's resolution before it plays); else 16:9.
  const [aspect, setAspect] = useState<string | null>(() => rememberedAspect(camera.id));
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const measure = () => {
      if (element.videoWidth > 0 && element.videoHeight > 0) {
        const shape = `${element.videoWidth} / ${element.videoHeight}`;
        setAspect(shape);
        try {
          localStorage.setItem(aspectKey(camera.id), shape);
        } catch {
          // not remembered: the next visit starts at 16:9 again
        }
      }
    };
    element.addEventListener('resize', measure);
    element.addEventListener('loadedmetadata', measure);
    return () => {
      element.removeEventListener('resize', measure);
      element.removeEventListener('loadedmetadata', measure);
    };
  }, [camera.id]);
  // Full screen: the whole tile (its caption and boxes too), left with Esc or the same button.
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const follow = () => setFullScreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };
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
        style={aspect && !fullScreen ? { aspectRatio: aspect } : undefined}
        className={`w-full object-contain ${fullScreen ? 'h-full' : aspect ? '' : 'aspect-video'}`}
        data-camera-id={camera.id}
        data-transport={transport ?? undefined}
      />
      {playing && <DetectionOverlay cameraId={camera.id} pictures={pictures} showing={state === 'playing'} />}
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
      {view === 'grid' && !fullScreen && (
        // The whole picture opens the camera for a pointer; keyboards and screen readers have the name's link.
        <Link
          to={`/cameras/${camera.id}`}
          className="absolute inset-0"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="open-camera"
        />
      )}
      <figcaption className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-2 py-1 text-sm text-white [&>*]:pointer-events-auto">
        <Link to={`/cameras/${camera.id}`} className="truncate font-medium hover:underline">
          {camera.name}
        </Link>
        <CameraStatus camera={camera} compact playing={state === 'playing'} stalled={state === 'stalled'} />
        {state === 'playing' && transport && (
          <span
            className="text-xs text-slate-300"
            title="How the picture reaches this browser"
            data-testid="transport"
          >
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
        {document.fullscreenEnabled && (
          <button
            type="button"
            onClick={toggleFullScreen}
            aria-pressed={fullScreen}
            aria-label={fullScreen ? `Leave full screen: ${camera.name}` : `Full screen: ${camera.name}`}
            title={fullScreen ? 'Leave full screen' : 'Full screen'}
            className="rounded px-1 text-base leading-none hover:bg-white/20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            <FullScreenIcon leave={fullScreen} />
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

/** Four corners pointing out (enter) or in (leave); drawn, so it does not depend on the system's fonts. */
function FullScreenIcon({ leave }: { leave: boolean }) {
  const corners = leave ? 'M6 2v4H2M10 2v4h4M6 14v-4H2M10 14v-4h4' : 'M2 6V2h4M14 6V2h-4M2 10v4h4M14 10v4h-4';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d={corners} />
    </svg>
  );
}
