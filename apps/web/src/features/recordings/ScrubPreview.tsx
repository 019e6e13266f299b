import { useEffect, useState } from 'react';
import { useThumbnail } from './queries';
import { SECOND, timeLabel } from './time';

/** Previews snap to this grid, so a scrub back and forth asks the recorder for each picture once. */
const STEP_MS = 2 * SECOND;
/** A pointer moving fast asks for the instant it rests on, not for every pixel it crosses. */
const SETTLE_MS = 120;

/**
 * Above the timeline while a pointer hovers or drags over recorded time: the picture at that instant (the
 * keyframe at or before it) and the time. Decorative for assistive technology: the slider announces the time.
 */
export function ScrubPreview({ cameraId, atMs }: { cameraId: number; atMs: number }) {
  const snapped = Math.floor(atMs / STEP_MS) * STEP_MS;
  const [settled, setSettled] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(snapped), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [snapped]);
  const thumbnail = useThumbnail(cameraId, settled);

  return (
    <div
      aria-hidden="true"
      data-scrub-preview={settled ?? ''}
      className="w-40 overflow-hidden rounded-md border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900"
    >
      {thumbnail.data && !thumbnail.isError ? (
        <img
          src={thumbnail.data}
          alt=""
          width={160}
          height={90}
          className="block aspect-video w-40 object-cover"
        />
      ) : (
        <div className="grid aspect-video w-40 place-items-center bg-slate-200 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {thumbnail.isError ? 'No picture' : ''}
        </div>
      )}
      <p className="px-1.5 py-0.5 text-center text-xs tabular-nums">{timeLabel(atMs)}</p>
    </div>
  );
}
