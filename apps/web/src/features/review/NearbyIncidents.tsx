import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import type { ReviewItem } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { useMediaTicket, withTicket } from './queries';
import { ReviewPicture } from './ReviewBits';
import { seen, timeOfDay } from './reviewText';

/** How far either side of an incident its camera's other incidents are shown. */
const AROUND_SECONDS = 3600;
const MOST = 24;

/**
 * The camera's other incidents in the hour either side, oldest first, the open one marked: what happened just
 * before and after (the car that arrived, then the person who left it), one click away.
 */
export function NearbyIncidents({ item, cameraName }: { item: ReviewItem; cameraName: string }) {
  const from = Math.floor(Date.parse(item.start_time) / 1000) - AROUND_SECONDS;
  const to = Math.ceil(Date.parse(item.end_time ?? item.start_time) / 1000) + AROUND_SECONDS;
  const nearby = useQuery({
    queryKey: ['review', 'around-item', item.camera_id, from, to],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/review-items', {
          params: { query: { camera_id: item.camera_id, start_unix: from, end_unix: to, limit: MOST } },
        }),
      ).items.reverse(),
  });
  const ticket = useMediaTicket(item.camera_id);
  if (nearby.isPending) return <Spinner label="Loading the incidents around it…" />;
  if (nearby.isError || nearby.data.length < 2) return null;
  return (
    <section aria-labelledby="nearby-title" className="space-y-2">
      <h2 id="nearby-title" className="font-semibold">
        {cameraName}, the hour before and after
      </h2>
      <ol className="flex gap-2 overflow-x-auto pb-2">
        {nearby.data.map((other) => {
          const current = other.id === item.id;
          return (
            <li key={other.id} className="w-28 shrink-0 sm:w-36">
              <Link
                to={`/review/${other.id}`}
                aria-current={current ? 'page' : undefined}
                className={`block space-y-1 rounded p-1 text-xs ${current ? 'bg-sky-100 ring-2 ring-sky-700 dark:bg-sky-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              >
                <ReviewPicture
                  src={
                    other.thumbnail_url === null
                      ? null
                      : (withTicket(other.thumbnail_url, ticket.data) ?? undefined)
                  }
                  alt=""
                  className="aspect-video w-full rounded"
                />
                <span className="block tabular-nums">{timeOfDay(other.start_time)}</span>
                <span className="block truncate">{seen(other)}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
