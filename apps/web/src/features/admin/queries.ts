// TanStack Query hooks of the administration screens (superusers only): accounts, their camera grants, the
// audit log, backups and the recording settings.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, toApiError, unwrap } from '../../api/client';
import type {
  AppRegistration,
  AuditQuery,
  CloudSettingsIn,
  RecordingSettingsUpdate,
  StreamTargetIn,
  UserCreate,
  UserUpdate,
} from './types';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';

// ---- Accounts ----

export const USERS_PAGE = 50;

export function useUsers(page: number) {
  return useQuery({
    queryKey: ['users', 'page', page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/users', { params: { query: { skip: page * USERS_PAGE, limit: USERS_PAGE } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: ['users', 'one', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/users/{id}', { params: { path: { id } } })),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserCreate) => unwrap(await api.POST('/api/v1/users', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserUpdate) =>
      unwrap(await api.PUT('/api/v1/users/{id}', { params: { path: { id } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** Deactivation is its own call: it also ends the account's sessions. */
export function useDeactivateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/users/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

// ---- A user's camera grants ----

/** The user's rights on every camera (two requests: the cameras, and the user's rights across them). */
export function useUserGrants(userId: number) {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  const rights = useQuery({
    queryKey: ['user-grants', userId],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/users/{id}/camera-permissions', { params: { path: { id: userId } } })),
  });
  return {
    cameras: cameras.data?.cameras ?? [],
    isPending: cameras.isPending || rights.isPending,
    error: cameras.error ?? rights.error,
    refetch: () => {
      void cameras.refetch();
      void rights.refetch();
    },
    /** the user's rights per camera id (absent: no rights on it) */
    grants: new Map((rights.data ?? []).map((entry) => [entry.camera_id, entry] as const)),
  };
}

/** A grant changed here also changes the camera's own access list (features/cameras, `['permissions', id]`). */
function grantsChanged(queryClient: QueryClient, cameraId: number, userId: number) {
  void queryClient.invalidateQueries({ queryKey: ['user-grants', userId] });
  void queryClient.invalidateQueries({ queryKey: ['permissions', cameraId] });
}

export function useSetGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      cameraId,
      ...body
    }: {
      cameraId: number;
      user_id: number;
      can_view: boolean;
      can_manage: boolean;
    }) =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/permissions', { params: { path: { id: cameraId } }, body }),
      ),
    onSuccess: (_, { cameraId, user_id }) => grantsChanged(queryClient, cameraId, user_id),
  });
}

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cameraId, userId }: { cameraId: number; userId: number }) =>
      unwrap(
        await api.DELETE('/api/v1/cameras/{id}/permissions/{user_id}', {
          params: { path: { id: cameraId, user_id: userId } },
        }),
      ),
    onSuccess: (_, { cameraId, userId }) => grantsChanged(queryClient, cameraId, userId),
  });
}

// ---- Audit log ----

export const AUDIT_PAGE = 50;

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: async () => unwrap(await api.GET('/api/v1/audit-logs', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

// ---- Backup and restore ----

/** The encrypted configuration file, as the recorder names it. */
export function useCreateBackup() {
  return useMutation({
    mutationFn: async (secretKey: string) => {
      const result = await api.POST('/api/v1/system/backup', {
        body: { secret_key: secretKey },
        parseAs: 'blob',
      });
      if (!result.response.ok) throw toApiError(result.response.status, result.error);
      const disposition = result.response.headers.get('content-disposition') ?? '';
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'nvr-config.nvrbak';
      return { file: result.data as Blob, name };
    },
  });
}

/** Sends a backup file; with `dryRun` the recorder only says what would change. */
export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, secretKey, dryRun }: { file: File; secretKey: string; dryRun: boolean }) =>
      unwrap(
        await api.POST('/api/v1/system/restore', {
          params: { query: { dry_run: dryRun } },
          // The typed body names the two parts; the browser sends them as multipart/form-data.
          body: { file: '', secret_key: secretKey },
          bodySerializer: () => {
            const form = new FormData();
            form.append('secret_key', secretKey);
            form.append('file', file);
            return form;
          },
        }),
      ),
    onSuccess: (report) => {
      // A real restore changes almost everything: read it all again.
      if (report.applied) void queryClient.invalidateQueries();
    },
  });
}

// ---- Recording settings ----

/** The public half of the recorder's evidence signing key and its fingerprint (docs/evidence.md). */
export function useSigningKey() {
  return useQuery({
    queryKey: ['signing-key'],
    queryFn: async () => unwrap(await api.GET('/api/v1/system/signing-key')),
    staleTime: Infinity,
  });
}

export function useRecordingSettings() {
  return useQuery({
    queryKey: ['recording-settings'],
    queryFn: async () => unwrap(await api.GET('/api/v1/settings/recording')),
  });
}

export function useUpdateRecordingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RecordingSettingsUpdate) =>
      unwrap(await api.PUT('/api/v1/settings/recording', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(['recording-settings'], settings);
      // The floor is part of the usage answer.
      void queryClient.invalidateQueries({ queryKey: ['recording-usage'] });
    },
  });
}

/** Bytes of the recordings, free and total on their volume, and the floor; refreshed while on screen. */
export function useRecordingUsage() {
  return useQuery({
    queryKey: ['recording-usage'],
    queryFn: async () => unwrap(await api.GET('/api/v1/settings/recording/usage')),
    refetchInterval: 30_000,
  });
}

// ---- Apps ----

export function useApps() {
  return useQuery({
    queryKey: ['apps'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/apps', { params: { query: { skip: 0, limit: 500 } } })),
  });
}

/** Registers an app (or registers it again); with `wants_key` the answer carries its new key, this once. */
export function useRegisterApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AppRegistration) => unwrap(await api.POST('/api/v1/apps/register', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

export function useAppAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'enable' | 'disable' | 'delete' }) => {
      const params = { params: { path: { id } } };
      if (action === 'delete') return unwrap(await api.DELETE('/api/v1/apps/{id}', params));
      if (action === 'enable') return unwrap(await api.POST('/api/v1/apps/{id}/enable', params));
      return unwrap(await api.POST('/api/v1/apps/{id}/disable', params));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['apps'] }),
  });
}

// ---- Cloud recording and streaming ----

/** The settings with their secrets only as `*_set` flags: the recorder never sends a secret back. */
export function useCloudSettings() {
  return useQuery({
    queryKey: ['cloud-settings'],
    queryFn: async () => unwrap(await api.GET('/api/v1/cloud/settings')),
  });
}

export function useUpdateCloudSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CloudSettingsIn) => unwrap(await api.PUT('/api/v1/cloud/settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(['cloud-settings'], settings),
  });
}

// ---- Media-source TLS ----

export function useMediaTls() {
  return useQuery({
    queryKey: ['media-tls'],
    queryFn: async () => unwrap(await api.GET('/api/v1/media-source/tls')),
  });
}

export interface TlsFiles {
  cert_file?: File;
  key_file?: File;
  ca_bundle_file?: File;
}

/** Sends the PEM files chosen (parts left out keep what is stored); the answer carries validity warnings. */
export function useUploadMediaTls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: TlsFiles) =>
      unwrap(
        await api.POST('/api/v1/media-source/tls', {
          // The typed body names the parts; the browser sends the chosen files as multipart/form-data.
          body: {},
          bodySerializer: () => {
            const form = new FormData();
            for (const [name, file] of Object.entries(files)) if (file) form.append(name, file as File);
            return form;
          },
        }),
      ),
    onSuccess: ({ warnings: _, ...status }) => queryClient.setQueryData(['media-tls'], status),
  });
}

export function useClearMediaTls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/media-source/tls')),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['media-tls'] }),
  });
}

// ---- Stream targets ----

export function useStreamTargets() {
  return useQuery({
    queryKey: ['stream-targets'],
    queryFn: async () => unwrap(await api.GET('/api/v1/cloud/stream-targets')),
  });
}

/** A target's live state (connecting, streaming, reconnecting…), polled while it is on screen. */
export function useStreamTargetStatus(targetId: string) {
  return useQuery({
    queryKey: ['stream-targets', 'status', targetId],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/cloud/stream-targets/{target_id}/status', {
          params: { path: { target_id: targetId } },
        }),
      ),
    refetchInterval: 3_000,
  });
}

export function useSaveStreamTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StreamTargetIn) =>
      unwrap(await api.POST('/api/v1/cloud/stream-targets', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stream-targets'] }),
  });
}

export function useStreamTargetAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ targetId, action }: { targetId: string; action: 'start' | 'stop' | 'delete' }) => {
      const params = { params: { path: { target_id: targetId } } };
      if (action === 'delete')
        return unwrap(await api.DELETE('/api/v1/cloud/stream-targets/{target_id}', params));
      if (action === 'start')
        return unwrap(await api.POST('/api/v1/cloud/stream-targets/{target_id}/start', params));
      return unwrap(await api.POST('/api/v1/cloud/stream-targets/{target_id}/stop', params));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stream-targets'] }),
  });
}
