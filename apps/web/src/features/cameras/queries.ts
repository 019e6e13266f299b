import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const PAGE_SIZE = 50;

/** A page of the cameras the user may see; `q` searches name, location and address. */
export function useCameras({
  q = '',
  page = 0,
  limit = PAGE_SIZE,
}: {
  q?: string;
  page?: number;
  limit?: number;
}) {
  return useQuery({
    queryKey: ['cameras', { q, page, limit }],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/cameras', {
          params: { query: { skip: page * limit, limit, active_only: false, ...(q ? { q } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    // Online and recording states change on their own: keep the list fresh while it is on screen.
    refetchInterval: 10_000,
  });
}

export function useCamera(id: number) {
  return useQuery({
    queryKey: ['camera', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/{id}', { params: { path: { id } } })),
    refetchInterval: 10_000,
  });
}
