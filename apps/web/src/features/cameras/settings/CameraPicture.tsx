import { useEffect, useMemo, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { useSnapshot } from './queries';

/**
 * The camera's current picture (a snapshot the recorder grabs from its stream), with `children` laid exactly over
 * it: overlays use the picture's box, so a normalised point lands on the same pixel whatever the screen's width.
 * `refreshMs` fetches a new picture that long after each arrives (the motion tuner); otherwise one picture and a
 * button to take another.
 */
export function CameraPicture({
  cameraId,
  refreshMs,
  label,
  children,
}: {
  cameraId: number;
  refreshMs?: number;
  label: string;
  children?: ReactNode;
}) {
  const snapshot = useSnapshot(cameraId, refreshMs);
  const url = useMemo(() => (snapshot.data ? URL.createObjectURL(snapshot.data) : null), [snapshot.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <div className="space-y-2">
      <div className="relative w-full overflow-hidden rounded-md bg-slate-900 select-none">
        {url ? (
          <img src={url} alt={label} className="block h-auto w-full" draggable={false} />
        ) : (
          // 16:9 until the first picture says otherwise; the shapes can be drawn on it already.
          <div role="img" aria-label={label} className="flex aspect-video w-full items-center justify-center">
            <span className="text-sm text-slate-200">
              {snapshot.isError
                ? `No picture from the camera: ${snapshot.error.message}`
                : 'Getting a picture from the camera…'}
            </span>
          </div>
        )}
        <div className="absolute inset-0">{children}</div>
      </div>
      {!refreshMs && (
        <Button tone="quiet" onClick={() => void snapshot.refetch()} disabled={snapshot.isFetching}>
          {snapshot.isFetching ? 'Getting a new picture…' : 'New picture'}
        </Button>
      )}
    </div>
  );
}
