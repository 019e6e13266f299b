import { useEffect, useState } from 'react';
import { filterEvents, subscribeEvents, type LiveEvent } from '../../lib/eventStream';

/** Boxes older than this are taken down: the picture has moved on. */
const SHOWN_MS = 3_000;

interface Shown {
  modelId: number | undefined;
  at: number;
  frame: { width: number; height: number };
  boxes: { label: string; confidence: number; bbox: [number, number, number, number] }[];
}

/**
 * The AI detections of a camera drawn over its live picture: the boxes of each model's latest `detection` event,
 * for a few seconds. The SVG's viewBox is the analysed frame and it is fitted like the video (`meet` is
 * object-contain), so a box lands on the pixels the model saw whatever the tile's shape.
 */
export function DetectionOverlay({ cameraId }: { cameraId: number }) {
  const [shown, setShown] = useState<Shown[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = subscribeEvents(
      filterEvents(
        ['detection'],
        (event: LiveEvent<'detection'>) => {
          const { detections, frame, model_id: modelId } = event.data;
          if (!frame || !detections) return;
          const now = Date.now();
          const fresh = (entry: Shown) => Date.now() - entry.at < SHOWN_MS;
          setShown((current) => [
            ...current.filter((entry) => entry.modelId !== modelId && fresh(entry)),
            { modelId, at: now, frame, boxes: detections },
          ]);
          const timer = setTimeout(() => {
            timers.delete(timer);
            setShown((current) => current.filter(fresh));
          }, SHOWN_MS);
          timers.add(timer);
        },
        cameraId,
      ),
    );
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [cameraId]);

  return (
    <>
      {shown.map((entry) => (
        <svg
          key={entry.modelId ?? 'model'}
          viewBox={`0 0 ${entry.frame.width} ${entry.frame.height}`}
          preserveAspectRatio="xMidYMid meet"
          className="pointer-events-none absolute inset-0 size-full"
          role="img"
          aria-label={`${entry.boxes.length} detection${entry.boxes.length === 1 ? '' : 's'}: ${summary(entry.boxes)}`}
          data-detections={entry.boxes.length}
        >
          {entry.boxes.map(({ label, confidence, bbox: [x1, y1, x2, y2] }, index) => (
            <g key={index} data-label={label}>
              <rect
                x={x1}
                y={y1}
                width={Math.max(0, x2 - x1)}
                height={Math.max(0, y2 - y1)}
                fill="none"
                stroke="#facc15"
                strokeWidth={Math.max(2, entry.frame.height / 200)}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={x1 + 2}
                y={Math.max(y1 - 4, entry.frame.height / 28)}
                fill="#facc15"
                fontSize={entry.frame.height / 28}
                paintOrder="stroke"
                stroke="#000"
                strokeWidth={entry.frame.height / 200}
              >
                {label} {Math.round(confidence * 100)}%
              </text>
            </g>
          ))}
        </svg>
      ))}
    </>
  );
}

function summary(boxes: Shown['boxes']): string {
  const counts = new Map<string, number>();
  for (const { label } of boxes) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => `${count} ${label}`).join(', ');
}
