import { useEffect, useRef, useState } from 'react';
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
  const shownWidth = useShownWidth();
  const boxes = item.boxes;
  const shown = src ? boxes : [];
  return (
    <figure className="space-y-1">
      <div ref={shownWidth.ref} className="relative">
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
            labelSize={labelSize(size, shownWidth.width)}
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

/** Labels 12 screen pixels high, in the picture's pixels, for a 16:9 frame `shown` px wide (object-contain). */
function labelSize(picture: { width: number; height: number }, shown: number): number | undefined {
  if (shown === 0) return undefined;
  const scale = Math.min(shown / picture.width, (shown * 9) / 16 / picture.height);
  return 12 / scale;
}

/** The width an element is laid out at, followed as it changes. */
function useShownWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
