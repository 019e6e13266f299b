import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, api, toApiError, unwrap } from '../../api/client';
import type {
  CameraConfig,
  CameraConfigUpdate,
  CameraCreate,
  CameraUpdate,
  DeviceUserCreate,
} from '../../api/types';

export const PAGE_SIZE = 50;

/**
 * Enough for every camera of an installation in one request (the API's largest page): walls, layouts and filters
 * list the user's cameras whole.
 */
export const ALL_CAMERAS = 500;

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

// ---- Camera administration: create, change, bin, restore, hard delete ----

/** 409 duplicate_camera: the owner already has a camera for this stream; sending again with force adds it anyway. */
export class DuplicateCameraError extends ApiError {
  constructor(
    message: string,
    readonly duplicates: { id: number; name: string; ip_address: string }[],
  ) {
    super(409, message, [], 'duplicate_camera');
  }
}

/** The 409's list of duplicates (untyped in the API's ErrorResponse, so read with care), or the usual ApiError. */
export function createError(status: number, body: unknown): ApiError {
  const detail = (body as { detail?: unknown } | undefined)?.detail as
    { code?: unknown; message?: unknown; duplicates?: unknown } | undefined;
  if (status === 409 && detail?.code === 'duplicate_camera' && Array.isArray(detail.duplicates)) {
    const duplicates = detail.duplicates.filter(
      (item): item is { id: number; name: string; ip_address: string } =>
        typeof item === 'object' && item !== null && 'id' in item && 'name' in item,
    );
    return new DuplicateCameraError(
      typeof detail.message === 'string' ? detail.message : 'This camera is already there.',
      duplicates,
    );
  }
  return toApiError(status, body);
}

export function useCreateCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, force }: { body: CameraCreate; force: boolean }) => {
      const result = await api.POST('/api/v1/cameras', { params: { query: { force } }, body });
      if (!result.response.ok) throw createError(result.response.status, result.error);
      return result.data!;
    },
    onSuccess: (camera) => {
      queryClient.setQueryData(['camera', camera.id], camera);
      void queryClient.invalidateQueries({ queryKey: ['cameras'] });
    },
  });
}

export function useUpdateCamera(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CameraUpdate) =>
      unwrap(await api.PATCH('/api/v1/cameras/{id}', { params: { path: { id } }, body })),
    onSuccess: (camera) => {
      queryClient.setQueryData(['camera', id], camera);
      void queryClient.invalidateQueries({ queryKey: ['cameras'] });
      void queryClient.invalidateQueries({ queryKey: ['skills'] });
    },
  });
}

export function useBinCamera(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/cameras/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['camera', id] });
      void queryClient.invalidateQueries({ queryKey: ['cameras'] });
      void queryClient.invalidateQueries({ queryKey: ['binned-cameras'] });
    },
  });
}

/** The bin: the caller's binned cameras (a superuser's: everyone's), newest first. */
export function useBinnedCameras() {
  return useQuery({
    queryKey: ['binned-cameras'],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/deleted')),
  });
}

export function useRestoreCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, force }: { id: number; force: boolean }) => {
      const result = await api.POST('/api/v1/cameras/{id}/restore', {
        params: { path: { id }, query: { force } },
      });
      if (!result.response.ok) throw createError(result.response.status, result.error);
      return result.data!;
    },
    onSuccess: (camera) => {
      queryClient.setQueryData(['camera', camera.id], camera);
      void queryClient.invalidateQueries({ queryKey: ['cameras'] });
      void queryClient.invalidateQueries({ queryKey: ['binned-cameras'] });
    },
  });
}

export function useHardDeleteCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, phrase }: { id: number; phrase: string }) =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/hard-delete', {
          params: { path: { id } },
          body: { confirmation_phrase: phrase },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['binned-cameras'] }),
  });
}

// ---- Stream configuration and transport security ----

export function useCameraConfig(id: number) {
  return useQuery({
    queryKey: ['camera-config', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/{id}/config', { params: { path: { id } } })),
  });
}

/** After a config change the camera's recording state changes too: refresh it. */
function configChanged(queryClient: QueryClient, id: number, config: CameraConfig) {
  queryClient.setQueryData(['camera-config', id], config);
  void queryClient.invalidateQueries({ queryKey: ['camera', id] });
  void queryClient.invalidateQueries({ queryKey: ['cameras'] });
}

export function useUpdateCameraConfig(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CameraConfigUpdate) =>
      unwrap(await api.PUT('/api/v1/cameras/{id}/config', { params: { path: { id } }, body })),
    onSuccess: (config) => configChanged(queryClient, id, config),
  });
}

/** "Probe now": a TLS handshake with the camera; `resetPolicy` hands the policy back to the probe. */
export function useProbeTransportSecurity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ port, resetPolicy }: { port?: number; resetPolicy: boolean }) =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/transport-security/probe', {
          params: {
            path: { id },
            query: { reset_policy: resetPolicy, ...(port === undefined ? {} : { port }) },
          },
        }),
      ),
    onSuccess: (config) => configChanged(queryClient, id, config),
  });
}

// ---- Permissions ----

export function useCameraPermissions(id: number) {
  return useQuery({
    queryKey: ['permissions', id],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cameras/{id}/permissions', { params: { path: { id } } })),
  });
}

export function useGrantPermission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { user_id: number; can_view: boolean; can_manage: boolean }) =>
      unwrap(await api.POST('/api/v1/cameras/{id}/permissions', { params: { path: { id } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['permissions', id] }),
  });
}

export function useRevokePermission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      unwrap(
        await api.DELETE('/api/v1/cameras/{id}/permissions/{user_id}', {
          params: { path: { id, user_id: userId } },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['permissions', id] }),
  });
}

/** The signed-in account (is it a superuser?). */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: async () => unwrap(await api.GET('/api/v1/auth/me')),
    staleTime: 60_000,
  });
}

/** Every account, to pick a grantee by name. The API lists users to superusers only. */
export function useUserDirectory(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'directory'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/users', { params: { query: { skip: 0, limit: 500 } } })),
    enabled,
  });
}

// ---- Skills ----

/** Skills in use on visible cameras, with the consumers that declared them. */
export function useSkills() {
  return useQuery({
    queryKey: ['skills'],
    queryFn: async () => unwrap(await api.GET('/api/v1/skills')),
  });
}

function skillsChanged(queryClient: QueryClient, cameraId: number) {
  void queryClient.invalidateQueries({ queryKey: ['skills'] });
  void queryClient.invalidateQueries({ queryKey: ['camera', cameraId] });
}

export function useDeclareSkill(cameraId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ skill, consumer }: { skill: string; consumer: string }) =>
      unwrap(
        await api.PUT('/api/v1/skills/{skill_id}/cameras/{camera_id}', {
          params: { path: { skill_id: skill, camera_id: cameraId } },
          body: { consumer },
        }),
      ),
    onSuccess: () => skillsChanged(queryClient, cameraId),
  });
}

export function useUndeclareSkill(cameraId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ skill, consumer }: { skill: string; consumer: string }) =>
      unwrap(
        await api.DELETE('/api/v1/skills/{skill_id}/cameras/{camera_id}', {
          params: { path: { skill_id: skill, camera_id: cameraId }, query: { consumer } },
        }),
      ),
    onSuccess: () => skillsChanged(queryClient, cameraId),
  });
}

// ---- ONVIF accounts on the camera itself ----

export function useDeviceUsers(id: number, onvifPort: number) {
  return useQuery({
    queryKey: ['device-users', id, onvifPort],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/cameras/{id}/device-users', {
          params: { path: { id }, query: { onvif_port: onvifPort } },
        }),
      ),
  });
}

export function useCreateDeviceUser(id: number, onvifPort: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeviceUserCreate) =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/device-users', {
          params: { path: { id }, query: { onvif_port: onvifPort } },
          body,
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['device-users', id] }),
  });
}

export function useDeleteDeviceUser(id: number, onvifPort: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) =>
      unwrap(
        await api.DELETE('/api/v1/cameras/{id}/device-users/{username}', {
          params: { path: { id, username }, query: { onvif_port: onvifPort } },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['device-users', id] }),
  });
}

// ---- PTZ over ONVIF ----

/** What the camera's pan/tilt/zoom can do and its presets (issue #36); `supported: false` says why not. */
export function useCameraPtz(id: number) {
  return useQuery({
    queryKey: ['ptz', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/cameras/{id}/ptz', { params: { path: { id } } })),
    // Asking the device costs a few SOAP calls: not on every focus of the window.
    staleTime: 60_000,
    retry: false,
  });
}

export function useCreatePtzPreset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/ptz/presets', { params: { path: { id } }, body: { name } }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ptz', id] }),
  });
}

export function useDeletePtzPreset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      unwrap(
        await api.DELETE('/api/v1/cameras/{id}/ptz/presets/{token}', {
          params: { path: { id, token } },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ptz', id] }),
  });
}
