// State changes made elsewhere (another tab, another user, the recorder itself) reach the screens without a
// reload: the event stream says what changed, and the cached queries it concerns are refetched. Mounted once, in
// the Shell.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEventStream, useEventStreamStatus } from '../../lib/eventStream';

/** Bursts (a camera going offline publishes several events at once) become one refetch per key. */
const COALESCE_MS = 200;

export function useLiveQueryUpdates(): void {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const invalidate = (...keys: QueryKey[]) => {
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const keys = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEventStream((event) => {
    if (event.type.startsWith('alert.')) invalidate(['alerts']);
    else if (event.type.startsWith('review.')) invalidate(['review']);
    else if (event.type.startsWith('camera.') || event.type.startsWith('recording.')) {
      invalidate(['cameras'], ...(event.camera_id === null ? [] : [['camera', event.camera_id]]));
    }
  });

  // Back after an outage: the replay brings the events, but a refetch also covers what is not an event.
  const status = useEventStreamStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting') wasDown.current = true;
    else if (status === 'live' && wasDown.current) {
      wasDown.current = false;
      invalidate(['alerts'], ['cameras'], ['review']);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of status matters
  }, [status]);
}
