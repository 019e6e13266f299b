import { useState, type SVGProps } from 'react';

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
        <BoxOutlines
          width={size.width}
          height={size.height}
          boxes={boxes}
          label={`${boxes.length} box${boxes.length === 1 ? '' : 'es'}: ${boxes.map((b) => b.label).join(', ')}`}
          data-boxes={boxes.length}
        />
      )}
    </div>
  );
}

/**
 * Labelled boxes over a picture of `width` × `height` pixels (the one every box-drawing screen uses: AI results,
 * the live overlay, an incident's snapshot and clip). It fills its positioned parent and is fitted like an
 * object-contain picture (`meet`), so it must sit over one that is. `label`: what a screen reader hears (null:
 * hidden from it, when the screen lists the boxes in words itself). `labelSize`: the labels' font size in the
 * picture's pixels (default: a 28th of its height, which is small when a large picture is shown small).
 */
export function BoxOutlines({
  width,
  height,
  boxes,
  label,
  labelSize = height / 28,
  ...rest
}: {
  width: number;
  height: number;
  boxes: readonly Box[];
  label: string | null;
  labelSize?: number;
} & Omit<SVGProps<SVGSVGElement>, 'width' | 'height' | 'viewBox'>) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      className="pointer-events-none absolute inset-0 size-full"
      {...(label === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      {...rest}
    >
      {boxes.map(({ label: name, confidence, bbox: [x1 = 0, y1 = 0, x2 = 0, y2 = 0] }, index) => (
        <g key={index} data-label={name}>
          <rect
            x={x1}
            y={y1}
            width={Math.max(0, x2 - x1)}
            height={Math.max(0, y2 - y1)}
            fill="none"
            stroke="#facc15"
            strokeWidth={Math.max(2, height / 200)}
            vectorEffect="non-scaling-stroke"
          />
          <text
            x={x1 + 2}
            y={Math.max(y1 - labelSize / 7, labelSize)}
            fill="#facc15"
            fontSize={labelSize}
            paintOrder="stroke"
            stroke="#000"
            strokeWidth={labelSize / 7}
          >
            {name}
            {confidence !== null ? ` ${Math.round(confidence * 100)}%` : ''}
          </text>
        </g>
      ))}
    </svg>
  );
}
