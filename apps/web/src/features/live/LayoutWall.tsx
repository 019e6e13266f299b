import type { CSSProperties } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { placed, readingOrder } from '../../lib/layoutGrid';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { NotFound } from '../shell/NotFound';
import { LiveBar } from './LiveBar';
import { LiveTile } from './LiveTile';
import { useLayout } from './queries';

/**
 * A saved layout, live: its grid on a wide screen (tiles at their row and column, spanning as saved), one tile
 * per line in reading order on a phone.
 */
export function LayoutWall() {
  const id = useParams().layoutId ?? '';
  const layout = useLayout(id);
  const cameras = useCameras({ limit: ALL_CAMERAS });
  if (layout.error instanceof ApiError && layout.error.status === 404) return <NotFound what="layout" />;
  if (layout.isPending || cameras.isPending) return <Spinner label="Loading the layout…" />;
  if (layout.isError)
    return <ErrorState message={layout.error.message} onRetry={() => void layout.refetch()} />;
  if (cameras.isError)
    return <ErrorState message={cameras.error.message} onRetry={() => void cameras.refetch()} />;

  const byId = new Map(cameras.data.cameras.map((camera) => [camera.id, camera]));
  const tiles = readingOrder(layout.data.tiles.map(placed));
  return (
    <section aria-labelledby="layout-title">
      <LiveBar />
      <h1 id="layout-title" className="sr-only">
        Layout {layout.data.name}
      </h1>
      {tiles.length === 0 && (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          This layout has no cameras yet.
        </p>
      )}
      <div
        className="grid grid-cols-1 gap-2 md:grid-cols-[repeat(var(--columns),minmax(0,1fr))]"
        style={{ '--columns': layout.data.grid_columns } as CSSProperties}
      >
        {tiles.map((tile) => {
          const camera = tile.cameraId === null ? undefined : byId.get(tile.cameraId);
          return (
            <div
              key={`${tile.row}:${tile.col}`}
              className="md:[grid-column:var(--col)/span_var(--col-span)] md:[grid-row:var(--row)/span_var(--row-span)]"
              style={
                {
                  '--row': tile.row + 1,
                  '--col': tile.col + 1,
                  '--row-span': tile.rowSpan,
                  '--col-span': tile.colSpan,
                } as CSSProperties
              }
            >
              {camera ? (
                <LiveTile camera={camera} />
              ) : (
                <div className="grid aspect-video place-items-center rounded-lg bg-slate-800 text-sm text-slate-300">
                  {tile.cameraId === null ? 'Empty' : 'This camera is no longer available'}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
