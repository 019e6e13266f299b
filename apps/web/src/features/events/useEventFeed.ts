import { useMemo, useState } from 'react';
import { useEventStream, type LiveEvent } from '../../lib/eventStream';
import { useLatestEvents } from './queries';

/** Live events kept in memory on top of the first page; older ones fall off the end. */
const MAX_LIVE = 500;

/**
 * The events of the user's cameras (or of one camera), newest first: the newest stored ones, then every live one
 * on top. The stored page and the live events overlap around the moment the page was read: one entry per id.
 */
export function useEventFeed(cameraId: number | undefined) {
  const latest = useLatestEvents(cameraId);
  const [live, setLive] = useState<LiveEvent[]>([]);
  useEventStream(
    (event) => {
      if (cameraId !== undefined && event.camera_id !== cameraId) return;
      setLive((current) =>
        current.some((known) => known.id === event.id) ? current : [event, ...current].slice(0, MAX_LIVE),
      );
    },
    [cameraId],
  );
  const events = useMemo(() => {
    const byId = new Map<number, LiveEvent>();
    for (const event of [...(latest.data?.events ?? []), ...live]) byId.set(event.id, event);
    return [...byId.values()].sort((a, b) => b.id - a.id);
  }, [latest.data, live]);
  return { latest, events };
}
