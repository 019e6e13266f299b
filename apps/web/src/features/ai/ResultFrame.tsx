import { useState } from 'react';
import type { DetectionResult } from '../../api/types';

/** A kept frame the page may show: an inline image or one served by the recorder (the CSP allows no others). */
function showable(uri: string): boolean {
  return /^data:image\/[a-z0-9.+-]+;base64,/i.test(uri) || (uri.startsWith('/') && !uri.startsWith('//'));
}

/**
 * The frame a result kept, with its box drawn over it in the frame's own pixels (as the live overlay does). Most
 * results keep no frame: then only the box's coordinates are said.
 */
export function ResultFrame({ result }: { result: DetectionResult }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const uri = result.annotated_image_uri;
  const box =
    result.bbox_x !== null &&
    result.bbox_y !== null &&
    result.bbox_width !== null &&
    result.bbox_height !== null
      ? { x: result.bbox_x, y: result.bbox_y, width: result.bbox_width, height: result.bbox_height }
      : null;
  if (!uri || !showable(uri)) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {box ? `Box at ${box.x}, ${box.y}, ${box.width} × ${box.height} px. ` : ''}
        {uri ? (
          <a
            href={uri}
            className="text-sky-700 underline dark:text-sky-400"
            rel="noreferrer noopener"
            target="_blank"
          >
            Open the kept frame
          </a>
        ) : (
          'No frame was kept for this result.'
        )}
      </p>
    );
  }
  return (
    <div className="relative max-w-md">
      <img
        src={uri}
        alt={`Frame of result ${result.id}`}
        className="w-full"
        onLoad={(event) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
      />
      {size && box && (
        <svg
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="xMidYMid meet"
          className="pointer-events-none absolute inset-0 size-full"
          role="img"
          aria-label={`Box of ${result.label ?? 'the detection'}`}
        >
          <rect
            x={box.x}
            y={box.y}
            width={box.width}
            height={box.height}
            fill="none"
            stroke="#facc15"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
    </div>
  );
}
