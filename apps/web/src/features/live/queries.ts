import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { LayoutInput } from '../../api/types';

/** The user's saved layouts (at most 100 per user, so one page holds them all). */
export function useLayouts() {
  return useQuery({
    queryKey: ['layouts'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/layouts', { params: { query: { skip: 0, limit: 100 } } })),
  });
}

/** One layout; `null` (a layout still to be made) asks for nothing. */
export function useLayout(id: string | null) {
  return useQuery({
    queryKey: ['layout', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/layouts/{id}', { params: { path: { id: id! } } })),
    enabled: id !== null,
  });
}

/** Creates the layout, or replaces it when `existing` names the layout being edited. */
export function useSaveLayout(existing: string | null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (layout: LayoutInput) =>
      unwrap(
        existing === null
          ? await api.POST('/api/v1/layouts', { body: layout })
          : await api.PUT('/api/v1/layouts/{id}', { params: { path: { id: existing } }, body: layout }),
      ),
    onSuccess: (saved) => {
      queries.setQueryData(['layout', saved.id], saved);
      void queries.invalidateQueries({ queryKey: ['layouts'] });
    },
  });
}

export function useDeleteLayout() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/v1/layouts/{id}', { params: { path: { id } } })),
    onSuccess: (_result, id) => {
      queries.removeQueries({ queryKey: ['layout', id] });
      void queries.invalidateQueries({ queryKey: ['layouts'] });
    },
  });
}
