// Synchronous cloud inference (API.md §12): one provider call with a deadline (CLOUD_INFERENCE_TIMEOUT_SECONDS,
// 60 s), answered 200 either way — `succeeded` with the provider's JSON, or `failed` with the reason — and stored.
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../../platform/auth/principal.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { CloudModelsService, ResolvedModel } from '../models/cloud-models.service.js';
import type { CloudEgress } from '../settings/cloud-egress.js';
import type { CloudInferenceRequest, CloudInferenceResponse } from './cloud-inference.schemas.js';
import type { CloudResultRow, CloudResultsRepository } from './cloud-results.repository.js';
import {
  buildRequest,
  sendRequest,
  type ProviderEndpoints,
  type ProviderOutcome,
  type ProviderRequest,
} from './providers.js';

export interface InferenceOptions {
  timeoutMs: number;
  endpoints: ProviderEndpoints;
}

export class CloudInferenceService {
  constructor(
    private readonly results: CloudResultsRepository,
    private readonly models: CloudModelsService,
    private readonly egress: CloudEgress,
    private readonly audit: AuditService,
    private readonly options: InferenceOptions,
  ) {}

  async infer(context: RequestContext, body: CloudInferenceRequest): Promise<CloudInferenceResponse> {
    this.egress.require();
    const resolved = await this.models.resolveOwn(context.principal.userId, body.model_id);
    const request = this.prepare(resolved, body.inputs, body.parameters);
    const outcome = await this.call(resolved, request);
    const row = resultRow(randomUUID(), context.principal.userId, resolved, outcome, null);
    await this.results.insert(row);
    await this.audit.record(context, {
      action: 'cloud.inference',
      entityType: 'cloud_result',
      entityId: row.id,
      details: { model_id: resolved.model.id, provider: resolved.provider, status: row.status },
    });
    return toResponse(row);
  }

  async result(context: RequestContext, id: string): Promise<CloudInferenceResponse> {
    const row = await this.results.find(id);
    if (!row || row.user_id !== context.principal.userId) throw new NotFoundError('Cloud inference result');
    return toResponse(row);
  }

  /** The provider request for these inputs (422 for inputs the provider cannot take). */
  prepare(
    resolved: ResolvedModel,
    inputs: Record<string, unknown>,
    parameters: Record<string, unknown> | null | undefined,
  ): ProviderRequest {
    return buildRequest(resolved, inputs, parameters, this.options.endpoints);
  }

  call(resolved: ResolvedModel, request: ProviderRequest, signal?: AbortSignal): Promise<ProviderOutcome> {
    return sendRequest(request, this.options.timeoutMs, resolved.credential.token, signal);
  }
}

export function resultRow(
  id: string,
  userId: number,
  resolved: ResolvedModel,
  outcome: ProviderOutcome,
  jobId: string | null,
): CloudResultRow {
  return {
    id,
    user_id: userId,
    model_id: resolved.model.id,
    job_id: jobId,
    provider: resolved.provider,
    model_identifier: resolved.model.model_id,
    task: resolved.model.task,
    status: outcome.ok ? 'succeeded' : 'failed',
    result_json: outcome.ok ? outcome.resultJson : null,
    error_message: outcome.ok ? null : outcome.error,
    latency_ms: outcome.latencyMs,
    executed_at: new Date().toISOString(),
  };
}

export function toResponse(row: CloudResultRow): CloudInferenceResponse {
  return {
    id: row.id,
    user_id: row.user_id,
    model_id: row.model_id,
    provider: row.provider,
    model_identifier: row.model_identifier,
    task: row.task,
    status: row.status,
    result_json: row.result_json,
    error_message: row.error_message,
    latency_ms: row.latency_ms,
    executed_at: row.executed_at,
  };
}
