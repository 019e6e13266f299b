// TanStack Query hooks of the nodes screen (superusers only): the recorder nodes sharing the database and the
// operator's levers on them (docs/cluster.md, "Nodes API").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { ALL_CAMERAS, useCameras } from '../../cameras/queries';

const NODES = ['nodes'] as const;

/** Leases move by themselves (a round every quarter lease, 2.5 s by default): ask again every few seconds. */
const REFRESH_MS = 3_000;

export function useNodes() {
  return useQuery({
    queryKey: NODES,
    queryFn: async () => unwrap(await api.GET('/api/v1/nodes')),
    refetchInterval: REFRESH_MS,
  });
}

/** Camera names by id, to name the cameras each node holds; an id not found stays a number on screen. */
export function useCameraNames(): Map<number, string> {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  return new Map((cameras.data?.cameras ?? []).map((camera) => [camera.id, camera.name]));
}

export type NodeLever = 'drain' | 'resume';

/** Drain or resume a node; the list is read again at once, since the recorder acts on its own node at once. */
export function useNodeLever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, lever }: { id: string; lever: NodeLever }) => {
      const params = { params: { path: { node_id: id } } };
      return unwrap(
        lever === 'drain'
          ? await api.POST('/api/v1/nodes/{node_id}/drain', params)
          : await api.POST('/api/v1/nodes/{node_id}/resume', params),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NODES }),
  });
}

export function useRemoveNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/v1/nodes/{node_id}', { params: { path: { node_id: id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NODES }),
  });
}
