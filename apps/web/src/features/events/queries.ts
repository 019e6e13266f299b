import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { EVENT_TYPES } from '../../lib/eventStream';

/** How many stored events the screen starts from; live events are added on top. */
export const INITIAL_EVENTS = 200;

/**
 * The newest stored events of every type (not only the incidents /events/latest gives by default), so the first
 * page shows the same kinds of events as the live stream that follows it.
 */
export function useLatestEvents(cameraId: number | undefined) {
  return useQuery({
    queryKey: ['events', 'latest', cameraId ?? null],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/events/latest', {
          params: {
            query: {
              limit: INITIAL_EVENTS,
              type: EVENT_TYPES.join(','),
              ...(cameraId === undefined ? {} : { camera_id: cameraId }),
            },
          },
        }),
      ),
    // Fresh each time the screen opens (what happened while it was closed); then the stream keeps it current.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
