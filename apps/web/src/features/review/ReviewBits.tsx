import { useState } from 'react';
import type { ReviewItem, ReviewSeverity } from '../../api/types';

/**
 * Alert or detection, in words and shape as well as colour: an alert is a filled red badge with a warning
 * triangle, a detection an outlined one with a dot.
 */
export function ReviewSeverityBadge({ severity }: { severity: ReviewSeverity }) {
  return severity === 'alert' ? (
    <span className="inline-flex items-center gap-1 rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white uppercase">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-current">
        <path d="M10 2 1 18h18L10 2Zm-1 6h2v5H9V8Zm0 6h2v2H9v-2Z" />
      </svg>
      Alert
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold text-slate-700 uppercase dark:border-slate-500 dark:text-slate-200">
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      Detection
    </span>
  );
}

/** Labels and zones as small tags; zones marked as such. */
export function Tags({ item }: { item: Pick<ReviewItem, 'labels' | 'zones'> }) {
  if (item.labels.length === 0 && item.zones.length === 0) return null;
  return (
    <ul aria-label="Seen" className="flex flex-wrap gap-1 text-xs">
      {item.labels.map((label) => (
        <li
          key={`l-${label}`}
          className="rounded bg-sky-100 px-1.5 py-0.5 text-sky-950 dark:bg-sky-900 dark:text-sky-50"
        >
          {label}
        </li>
      ))}
      {item.zones.map((zone) => (
        <li
          key={`z-${zone}`}
          className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          <span className="sr-only">zone </span>
          <span aria-hidden="true">◇ </span>
          {zone}
        </li>
      ))}
    </ul>
  );
}

/**
 * An incident's picture (`src` null: it has none; undefined: its URL is not ready yet, the ticket is coming), or a
 * plain box saying there is none (no snapshot was made, or it would not load) — never an empty frame that looks
 * like it is still coming.
 */
export function ReviewPicture({
  src,
  alt,
  className,
  missing = 'No picture',
  onSize,
}: {
  src: string | null | undefined;
  alt: string;
  className: string;
  missing?: string;
  /** told the picture's own size once it has loaded, and null when it fails */
  onSize?: (size: { width: number; height: number } | null) => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = `${className} grid place-items-center bg-slate-100 p-1 text-center text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300`;
  if (src === undefined) return <div className={box} aria-hidden="true" />;
  if (src === null) return <div className={box}>{missing}</div>;
  if (failed === src) return <div className={box}>The picture could not be loaded</div>;
  return (
    <img
      src={src}
      alt={alt}
      className={`${className} bg-slate-200 object-cover dark:bg-slate-800`}
      onLoad={(event) =>
        onSize?.({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
      }
      onError={() => {
        setFailed(src);
        onSize?.(null);
      }}
    />
  );
}
