// Server state of the AI screens. Everything lives under the ['ai'] key; the AI models' results and status are
// refreshed by the recorder's `detection` events (useLiveAiUpdates), the cloud jobs by `job.updated`.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../api/client';
import type { JsonOf } from '../../api/types';
import type { paths } from '../../api/schema';

export type AiModel = JsonOf<paths['/api/v1/ai-models/{id}']['get']['responses'][200]>;
export type AiModelCreate = JsonOf<NonNullable<paths['/api/v1/ai-models']['post']['requestBody']>>;
export type AiModelUpdate = JsonOf<NonNullable<paths['/api/v1/ai-models/{id}']['patch']['requestBody']>>;
export type AiModelStatus = JsonOf<paths['/api/v1/ai-models/{id}/status']['get']['responses'][200]>;
export type Capabilities = JsonOf<paths['/api/v1/capabilities']['get']['responses'][200]>;
export type CloudCredential = JsonOf<paths['/api/v1/cloud/credentials/{id}']['get']['responses'][200]>;
export type CloudCredentialCreate = JsonOf<
  NonNullable<paths['/api/v1/cloud/credentials']['post']['requestBody']>
>;
export type CloudModel = JsonOf<paths['/api/v1/cloud/models/{id}']['get']['responses'][200]>;
export type CloudModelCreate = JsonOf<NonNullable<paths['/api/v1/cloud/models']['post']['requestBody']>>;
type ResultQuery = NonNullable<paths['/api/v1/ai-detection-results']['get']['parameters']['query']>;
export type CloudResult = JsonOf<paths['/api/v1/cloud/inference']['post']['responses'][200]>;

export const RESULTS_PAGE_SIZE = 25;
/** The API's largest page: the models and credentials of an installation are listed whole. */
const ALL = 500;

/** Adapters, their health and card (superusers) and the tasks the recorder can serve now. */
export function useCapabilities() {
  return useQuery({
    queryKey: ['ai', 'capabilities'],
    queryFn: async () => unwrap(await api.GET('/api/v1/capabilities')),
    // Health and status are polled by the recorder; keep the screen as fresh as its poll.
    refetchInterval: 10_000,
  });
}

/**
 * An adapter's verdict on its hardware (superusers). The adapter times a frame per loaded model to answer, so it
 * is asked once per visit, and again on request.
 */
export function useAdapterHardware(name: string, enabled: boolean) {
  return useQuery({
    queryKey: ['ai', 'hardware', name],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/adapters/{name}/hardware', { params: { path: { name } } })),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAiModels() {
  return useQuery({
    queryKey: ['ai', 'models'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/ai-models', { params: { query: { skip: 0, limit: ALL } } })),
  });
}

export function useAiModel(id: number) {
  return useQuery({
    queryKey: ['ai', 'model', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/ai-models/{id}', { params: { path: { id } } })),
  });
}

/**
 * The detection loop's view of a model; refreshed by its `detection` events and, for errors, every few seconds —
 * every second while `analysingRecordings` (a started analysis of recordings: its progress moves that fast).
 */
export function useAiModelStatus(id: number, analysingRecordings = false) {
  return useQuery({
    queryKey: ['ai', 'status', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/ai-models/{id}/status', { params: { path: { id } } })),
    refetchInterval: (query) =>
      analysingRecordings && query.state.data?.progress?.completed !== true ? 1_000 : 5_000,
  });
}

export function useCreateAiModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AiModelCreate) => unwrap(await api.POST('/api/v1/ai-models', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai'] }),
  });
}

export function useUpdateAiModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AiModelUpdate) =>
      unwrap(await api.PATCH('/api/v1/ai-models/{id}', { params: { path: { id } }, body })),
    onSuccess: (model) => {
      queryClient.setQueryData(['ai', 'model', id], model);
      void queryClient.invalidateQueries({ queryKey: ['ai'] });
    },
  });
}

export function useDeleteAiModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(await api.DELETE('/api/v1/ai-models/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai'] }),
  });
}

/** The filters of the results view; each maps to a query parameter of GET /ai-detection-results. */
export interface ResultFilters {
  model_id?: number | undefined;
  camera_id?: number | undefined;
  task?: string | undefined;
}

export function useDetectionResults(filters: ResultFilters, page: number) {
  return useQuery({
    queryKey: ['ai', 'results', filters, page],
    queryFn: async () => {
      const query: ResultQuery = { skip: page * RESULTS_PAGE_SIZE, limit: RESULTS_PAGE_SIZE };
      if (filters.model_id !== undefined) query.model_id = filters.model_id;
      if (filters.camera_id !== undefined) query.camera_id = filters.camera_id;
      if (filters.task) query.task = filters.task;
      return unwrap(await api.GET('/api/v1/ai-detection-results', { params: { query } }));
    },
    placeholderData: keepPreviousData,
  });
}

// ---- Cloud: credentials (write-only tokens), provider models, one-off inference, jobs ----

export function useCloudCredentials() {
  return useQuery({
    queryKey: ['ai', 'cloud', 'credentials'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cloud/credentials', { params: { query: { skip: 0, limit: ALL } } })),
  });
}

export function useCreateCloudCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CloudCredentialCreate) =>
      unwrap(await api.POST('/api/v1/cloud/credentials', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud'] }),
  });
}

export function useDeleteCloudCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/v1/cloud/credentials/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud'] }),
  });
}

export function useCloudModels() {
  return useQuery({
    queryKey: ['ai', 'cloud', 'models'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cloud/models', { params: { query: { skip: 0, limit: ALL } } })),
  });
}

export function useCreateCloudModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CloudModelCreate) => unwrap(await api.POST('/api/v1/cloud/models', { body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud'] }),
  });
}

export function useDeleteCloudModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(await api.DELETE('/api/v1/cloud/models/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud'] }),
  });
}

/** A JPEG of the camera now, as base64 (what a provider takes as an inline image). */
async function snapshotBase64(cameraId: number): Promise<string> {
  const { data, response } = await api.GET('/api/v1/cameras/{id}/snapshot', {
    params: { path: { id: cameraId } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) {
    throw new ApiError(
      response.status,
      `The camera gave no snapshot (the recorder answered ${response.status}).`,
    );
  }
  const bytes = new Uint8Array(await data.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The inputs of a try-it: the camera's snapshot and, for chat models, the prompt. */
async function tryInputs(cameraId: number, prompt: string): Promise<Record<string, unknown>> {
  const inputs: Record<string, unknown> = { image_base64: await snapshotBase64(cameraId) };
  if (prompt) inputs.prompt = prompt;
  return inputs;
}

/** What a cloud try-it (or the job queued from it) runs: a provider model on a camera's snapshot. */
interface CloudTry {
  modelId: number;
  cameraId: number;
  prompt: string;
}

/** Try-it: one inference of a cloud model on a snapshot of a camera; a provider failure comes back as `failed`. */
export function useTryCloudModel() {
  return useMutation({
    mutationFn: async ({ modelId, cameraId, prompt }: CloudTry) => {
      const inputs = await tryInputs(cameraId, prompt);
      return unwrap(await api.POST('/api/v1/cloud/inference', { body: { model_id: modelId, inputs } }));
    },
  });
}

export function useCloudJobs() {
  return useQuery({
    queryKey: ['ai', 'cloud', 'jobs'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/cloud/jobs', { params: { query: { skip: 0, limit: 20 } } })),
  });
}

/** Queues the same request as try-it, as an async job; its status then moves on through `job.updated` events. */
export function useQueueCloudJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ modelId, cameraId, prompt }: CloudTry) => {
      const inputs = await tryInputs(cameraId, prompt);
      return unwrap(await api.POST('/api/v1/cloud/jobs', { body: { model_id: modelId, inputs } }));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud', 'jobs'] }),
  });
}

export function useCancelCloudJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/api/v1/cloud/jobs/{id}/cancel', { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['ai', 'cloud', 'jobs'] }),
  });
}

/** Try-it on a local model: one inference on a camera's picture now, answered with the picture; nothing stored. */
export function useTryAiModel(id: number) {
  return useMutation({
    mutationFn: async (cameraId: number | null) =>
      unwrap(
        await api.POST('/api/v1/ai-models/{id}/try', {
          params: { path: { id } },
          body: cameraId === null ? {} : { camera_id: cameraId },
        }),
      ),
  });
}
