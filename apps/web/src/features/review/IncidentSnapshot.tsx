import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import type { ReviewItem } from '../../api/types';
import { BoxOutlines } from '../ai/FrameWithBoxes';
import { ReviewPicture } from './ReviewBits';
import { boxInWords, boxesInPixels } from './snapshotBoxes';

/**
 * An incident's snapshot with its boxes drawn over it, each labelled with what it is and how sure the model was,
 * and the same boxes as a list in words (where in the picture each lies) for those who cannot see the picture.
 * The snapshot file has the outlines burnt in (for MQTT and downloads); the labels exist only here.
 */
export function IncidentSnapshot({
  item,
  src,
  what,
}: {
  item: ReviewItem;
  /** the snapshot's URL (null: none was kept; undefined: its ticket is coming) */
  src: string | null | undefined;
  what: string;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [measured, shownWidth] = useShownWidth();
  const boxes = item.boxes;
  const shown = src ? boxes : [];
  return (
    <figure className="space-y-1">
      <div ref={measured} className="relative">
        <ReviewPicture
          src={src}
          alt={`Snapshot: ${what}, boxes drawn around what was seen`}
          className="aspect-video w-full rounded object-contain!"
          missing="No snapshot was kept for this incident"
          onSize={setSize}
        />
        {size && shown.length > 0 && (
          <BoxOutlines
            width={size.width}
            height={size.height}
            boxes={boxesInPixels(shown, size.width, size.height)}
            label={null}
            labelSize={labelSize(size, shownWidth)}
            data-snapshot-boxes={shown.length}
          />
        )}
      </div>
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">
        Snapshot: the moment it showed best
      </figcaption>
      {shown.length > 0 && (
        <ul
          aria-label="Boxes on the snapshot"
          className="list-inside list-disc text-sm text-slate-700 dark:text-slate-200"
        >
          {shown.map((box, index) => (
            <li key={index}>{boxInWords(box)}</li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** How near the snapshot's moment (s) the clip's picture must be for the snapshot's boxes to be drawn on it. */
const AT_SNAPSHOT_S = 0.5;

/**
 * The incident's clip, with the snapshot's boxes drawn over it while it shows the snapshot's moment (within half a
 * second: the boxes belong to that picture, not to those around it), and a button that goes to that moment. The
 * clip's time 0 is the item's clip_start_time, its first picture.
 */
export function ClipWithBoxes({
  item,
  src,
  poster,
  title,
}: {
  item: ReviewItem;
  src: string;
  poster: string | null;
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [measured, shownWidth] = useShownWidth();
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);
  const [atSnapshot, setAtSnapshot] = useState(false);
  const moment =
    item.snapshot_time === null || item.boxes.length === 0
      ? null
      : (Date.parse(item.snapshot_time) - Date.parse(item.clip_start_time)) / 1000;
  const follow = () => {
    const element = video.current;
    if (!element || moment === null) return;
    if (element.videoWidth > 0) setFrame({ width: element.videoWidth, height: element.videoHeight });
    setAtSnapshot(Math.abs(element.currentTime - moment) <= AT_SNAPSHOT_S);
  };
  const goToSnapshot = () => {
    const element = video.current;
    if (!element || moment === null) return;
    element.pause();
    element.currentTime = moment;
  };
  return (
    <>
      <div ref={measured} className="relative">
        <video
          ref={video}
          src={src}
          controls
          playsInline
          preload="metadata"
          {...(poster ? { poster } : {})}
          aria-label={`Clip: ${title}`}
          className="aspect-video w-full rounded bg-black"
          onLoadedMetadata={follow}
          onTimeUpdate={follow}
          onSeeked={follow}
        />
        {frame && atSnapshot && (
          <BoxOutlines
            width={frame.width}
            height={frame.height}
            boxes={boxesInPixels(item.boxes, frame.width, frame.height)}
            label={null}
            labelSize={labelSize(frame, shownWidth)}
            data-clip-boxes={item.boxes.length}
          />
        )}
      </div>
      {moment !== null && (
        <Button className="mt-1" onClick={goToSnapshot}>
          Go to the snapshot's moment ({moment.toFixed(1)} s)
        </Button>
      )}
    </>
  );
}

/** Labels 12 screen pixels high, in the picture's pixels, for a 16:9 frame `shown` px wide (object-contain). */
function labelSize(picture: { width: number; height: number }, shown: number): number | undefined {
  if (shown === 0) return undefined;
  const scale = Math.min(shown / picture.width, (shown * 9) / 16 / picture.height);
  return 12 / scale;
}

/** The width an element is laid out at, followed as it changes: [the element's ref callback, its width]. */
function useShownWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
