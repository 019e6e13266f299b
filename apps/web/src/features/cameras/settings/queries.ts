// The camera settings screens' calls: motion (with the tuner's boxes), zones and review settings, and whether the
// signed-in user may change them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toApiError, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';
import type { Camera, JsonOf } from '../../../api/types';

export type MotionSettings = JsonOf<paths['/api/v1/cameras/{id}/motion']['get']['responses'][200]>;
export type MotionSettingsBody = JsonOf<
  NonNullable<paths['/api/v1/cameras/{id}/motion']['put']['requestBody']>
>;
export type MotionBoxes = JsonOf<paths['/api/v1/cameras/{id}/motion/boxes']['get']['responses'][200]>;
export type CameraZones = JsonOf<paths['/api/v1/cameras/{id}/zones']['get']['responses'][200]>;
export type Zone = CameraZones['zones'][number];
export type ZoneInput = JsonOf<
  NonNullable<paths['/api/v1/cameras/{id}/zones']['put']['requestBody']>
>['zones'][number];
export type ReviewSettings = JsonOf<paths['/api/v1/cameras/{id}/review-settings']['get']['responses'][200]>;
export type ReviewSettingsBody = JsonOf<
  NonNullable<paths['/api/v1/cameras/{id}/review-settings']['put']['requestBody']>
>;

/**
 * The signed-in user's rights on the camera, as the recorder says: with `manage` the settings may be changed. It enforces
 * the right on every change either way; this only decides whether the screen offers editing.
 */
export function useCameraRights(camera: Camera) {
  return useQuery({
    queryKey: ['camera-rights', camera.id],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cameras/{id}/my-rights', { params: { path: { id: camera.id } } })),
    staleTime: 60_000,
  });
}

export function useMotionSettings(id: number) {
  return useQuery({
    queryKey: ['camera-motion', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/{id}/motion', { params: { path: { id } } })),
  });
}

export function useSaveMotionSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MotionSettingsBody) =>
      unwrap(await api.PUT('/api/v1/cameras/{id}/motion', { params: { path: { id } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(['camera-motion', id], saved);
      void queryClient.invalidateQueries({ queryKey: ['camera', id] });
    },
  });
}

/** The tuner's boxes, asked for every `intervalMs` while it is shown (the recorder keeps only the newest). */
export function useMotionBoxes(id: number, intervalMs: number, enabled: boolean) {
  return useQuery({
    queryKey: ['camera-motion-boxes', id],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cameras/{id}/motion/boxes', { params: { path: { id } } })),
    refetchInterval: intervalMs,
    enabled,
  });
}

export function useZones(id: number) {
  return useQuery({
    queryKey: ['camera-zones', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/{id}/zones', { params: { path: { id } } })),
  });
}

export function useSaveZones(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (zones: ZoneInput[]) =>
      unwrap(await api.PUT('/api/v1/cameras/{id}/zones', { params: { path: { id } }, body: { zones } })),
    onSuccess: (saved) => queryClient.setQueryData(['camera-zones', id], saved),
  });
}

export function useReviewSettings(id: number) {
  return useQuery({
    queryKey: ['camera-review-settings', id],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cameras/{id}/review-settings', { params: { path: { id } } })),
  });
}

export function useSaveReviewSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewSettingsBody) =>
      unwrap(await api.PUT('/api/v1/cameras/{id}/review-settings', { params: { path: { id } }, body })),
    onSuccess: (saved) => queryClient.setQueryData(['camera-review-settings', id], saved),
  });
}

/**
 * The camera's current picture as an object URL (the recorder grabs a snapshot from its stream), fetched again
 * `refreshMs` after each one arrives when given. Null until the first arrives.
 */
export function useSnapshot(id: number, refreshMs?: number) {
  return useQuery({
    queryKey: ['camera-snapshot', id],
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/cameras/{id}/snapshot', {
        params: { path: { id } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw toApiError(response.status, error);
      return data;
    },
    refetchInterval: refreshMs ?? false,
    // A picture that failed once (camera still starting) is asked for again.
    retry: 3,
  });
}
