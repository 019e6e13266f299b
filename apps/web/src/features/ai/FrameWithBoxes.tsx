import { useState } from 'react';

export interface Box {
  label: string;
  confidence: number | null;
  /** [x1, y1, x2, y2] in the picture's own pixels */
  bbox: readonly number[];
}

/**
 * A picture with boxes drawn over it in its own pixels. The SVG's viewBox is the picture's natural size and it is
 * fitted like the image, so a box lands on what the model saw (as the live overlay does it).
 */
export function FrameWithBoxes({ src, alt, boxes }: { src: string; alt: string; boxes: readonly Box[] }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  return (
    <div className="relative w-full max-w-xl">
      <img
        src={src}
        alt={alt}
        className="block w-full"
        onLoad={(event) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
      />
      {size && boxes.length > 0 && (
        <svg
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="xMidYMid meet"
          className="pointer-events-none absolute inset-0 size-full"
          role="img"
          aria-label={`${boxes.length} box${boxes.length === 1 ? '' : 'es'}: ${boxes.map((b) => b.label).join(', ')}`}
          data-boxes={boxes.length}
        >
          {boxes.map(({ label, confidence, bbox: [x1 = 0, y1 = 0, x2 = 0, y2 = 0] }, index) => (
            <g key={index}>
              <rect
                x={x1}
                y={y1}
                width={Math.max(0, x2 - x1)}
                height={Math.max(0, y2 - y1)}
                fill="none"
                stroke="#facc15"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={x1 + 2}
                y={Math.max(y1 - 4, size.height / 28)}
                fill="#facc15"
                fontSize={size.height / 28}
                paintOrder="stroke"
                stroke="#000"
                strokeWidth={size.height / 200}
              >
                {label}
                {confidence !== null ? ` ${Math.round(confidence * 100)}%` : ''}
              </text>
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
