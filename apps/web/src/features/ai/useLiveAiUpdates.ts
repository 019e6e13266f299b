// The AI screens follow the recorder without a reload: a `detection` event means a new stored result (and a
// changed model status), `adapter.*` a changed adapter, `job.updated` a cloud job that moved on. The matching
// cached queries are refetched, a burst of events at most once per COALESCE_MS.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEventStream } from '../../lib/eventStream';

const COALESCE_MS = 500;

export function useLiveAiUpdates(): void {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEventStream((event) => {
    const keys: QueryKey[] = [];
    if (event.type === 'detection') keys.push(['ai', 'results'], ['ai', 'status']);
    else if (event.type.startsWith('adapter.')) keys.push(['ai', 'capabilities']);
    else if (event.type === 'job.updated') keys.push(['ai', 'cloud', 'jobs']);
    if (keys.length === 0) return;
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const all = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of all) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  });
}
