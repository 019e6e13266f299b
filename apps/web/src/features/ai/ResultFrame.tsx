import type { DetectionResult } from '../../api/types';
import { FrameWithBoxes } from './FrameWithBoxes';

/** A kept frame the page may show: an inline image or one served by the recorder (the CSP allows no others). */
function showable(uri: string): boolean {
  return /^data:image\/[a-z0-9.+-]+;base64,/i.test(uri) || (uri.startsWith('/') && !uri.startsWith('//'));
}

/**
 * The frame a result kept, with its box. The detection loop keeps no frame (results name one only when their
 * producer stored it somewhere): then the box's coordinates are said instead.
 */
export function ResultFrame({ result }: { result: DetectionResult }) {
  const uri = result.annotated_image_uri;
  const { bbox_x: x, bbox_y: y, bbox_width: w, bbox_height: h } = result;
  const box = x !== null && y !== null && w !== null && h !== null ? { x, y, w, h } : null;
  if (uri && showable(uri)) {
    return (
      <FrameWithBoxes
        src={uri}
        alt={`Frame of result ${result.id}`}
        boxes={
          box
            ? [
                {
                  label: result.label ?? 'detection',
                  confidence: result.confidence,
                  bbox: [box.x, box.y, box.x + box.w, box.y + box.h],
                },
              ]
            : []
        }
      />
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {box ? `Box at ${box.x}, ${box.y}, ${box.w} × ${box.h} px. ` : ''}
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
