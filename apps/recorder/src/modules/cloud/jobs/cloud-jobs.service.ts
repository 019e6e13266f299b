// Asynchronous cloud inference (API.md §12): jobs are validated and stored as `queued` (202), run by the job
// worker (`running`), and end `succeeded` or `failed` with a stored result, or `cancelled`. Transient provider
// failures (network, timeout, 5xx, 429) are retried with backoff — honouring Retry-After — before a job fails.
// Every status change publishes `job.updated`.
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../../platform/auth/principal.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import { ConflictError, NotFoundError } from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import { resultRow, type CloudInferenceService } from '../inference/cloud-inference.service.js';
import type { CloudModelsService } from '../models/cloud-models.service.js';
import type { CloudEgress } from '../settings/cloud-egress.js';
import type { CloudJobsRepository, JobRow } from './cloud-jobs.repository.js';
import type { JobCreate, JobList, JobQuery, JobResponse } from './cloud-jobs.schemas.js';
import { JobWorker, type JobWorkerOptions } from './job-worker.js';

/** Waits before the 2nd and 3rd attempt of a transiently failing job (a provider's Retry-After wins if longer). */
export const DEFAULT_JOB_RETRY_DELAYS_MS = [5_000, 30_000];

export class CloudJobsService {
  /** runs the queued jobs (this node's share of them) */
  readonly worker: JobWorker;

  constructor(
    private readonly repository: CloudJobsRepository,
    private readonly models: CloudModelsService,
    private readonly inference: CloudInferenceService,
    private readonly egress: CloudEgress,
    private readonly events: EventBus,
    private readonly audit: AuditService,
    workerOptions: JobWorkerOptions,
    private readonly retryDelaysMs: readonly number[] = DEFAULT_JOB_RETRY_DELAYS_MS,
  ) {
    this.worker = new JobWorker(
      repository,
      (job, token, signal) => this.run(job, token, signal),
      workerOptions,
      (job) => this.requeued(job),
    );
  }

  /** Jobs queued or running (the queue's depth, for the metrics). */
  unfinished(): Promise<number> {
    return this.repository.unfinishedCount();
  }

  async create(context: RequestContext, body: JobCreate): Promise<JobResponse> {
    this.egress.require();
    const userId = context.principal.userId;
    const resolved = await this.models.resolveOwn(userId, body.model_id);
    // Inputs the provider cannot take are refused now (422), not discovered later by the worker.
    this.inference.prepare(resolved, body.inputs, body.parameters);
    const now = new Date().toISOString();
    const row: JobRow = {
      id: randomUUID(),
      user_id: userId,
      model_id: resolved.model.id,
      provider: resolved.provider,
      task: resolved.model.task,
      inputs: JSON.stringify(body.inputs),
      parameters: body.parameters ? JSON.stringify(body.parameters) : null,
      status: 'queued',
      result_id: null,
      error_message: null,
      attempts: 0,
      created_at: now,
      started_at: null,
      completed_at: null,
      next_attempt_at: now,
      locked_until: null,
      lease_token: null,
    };
    await this.repository.insert(row);
    await this.audit.record(context, {
      action: 'cloud_job.create',
      entityType: 'cloud_job',
      entityId: row.id,
      details: { model_id: row.model_id, provider: row.provider },
    });
    this.#publish(row);
    this.worker.kick();
    return toResponse(row);
  }

  async list(context: RequestContext, query: JobQuery): Promise<JobList> {
    const { rows, total } = await this.repository.list(
      context.principal.userId,
      query.status,
      query.skip,
      query.limit,
    );
    return { jobs: rows.map(toResponse), total };
  }

  async get(context: RequestContext, id: string): Promise<JobResponse> {
    return toResponse(await this.#own(context.principal.userId, id));
  }

  async cancel(context: RequestContext, id: string): Promise<JobResponse> {
    const current = await this.#own(context.principal.userId, id);
    const row = await this.repository.cancel(id, new Date().toISOString());
    if (!row) {
      throw new ConflictError({
        code: 'job_finished',
        message: `The job has already ended (${current.status})`,
        status: current.status,
      });
    }
    this.worker.abort(id);
    await this.audit.record(context, { action: 'cloud_job.cancel', entityType: 'cloud_job', entityId: id });
    this.#publish(row);
    return toResponse(row);
  }

  /** One attempt of a claimed job (the worker's RunJob). */
  async run(job: JobRow, token: string, signal: AbortSignal): Promise<void> {
    this.#publish(job);
    const at = () => new Date().toISOString();
    let resolved;
    try {
      resolved = await this.models.resolveForJob(job.model_id);
    } catch (error) {
      resolved = error instanceof Error ? error.message : 'The cloud model cannot be used';
    }
    if (resolved === undefined || typeof resolved === 'string') {
      const error = resolved ?? 'The cloud model was deleted';
      if (await this.repository.finish(job.id, token, 'failed', null, error, at())) {
        this.#publish({ ...job, status: 'failed', error_message: error });
      }
      return;
    }
    let outcome;
    try {
      const request = this.inference.prepare(
        resolved,
        JSON.parse(job.inputs) as Record<string, unknown>,
        job.parameters ? (JSON.parse(job.parameters) as Record<string, unknown>) : null,
      );
      outcome = await this.inference.call(resolved, request, signal);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The job inputs are not valid for this model';
      if (await this.repository.finish(job.id, token, 'failed', null, message, at())) {
        this.#publish({ ...job, status: 'failed', error_message: message });
      }
      return;
    }
    // Cancelled, or the recorder is stopping: whoever aborted decides what becomes of the job.
    if (signal.aborted) return;
    if (!outcome.ok && outcome.retryable && job.attempts < this.retryDelaysMs.length + 1) {
      const delay = Math.max(this.retryDelaysMs[job.attempts - 1] ?? 0, outcome.retryAfterMs ?? 0);
      const next = new Date(Date.now() + delay).toISOString();
      if (await this.repository.requeue(job.id, token, next, outcome.error, false)) {
        this.#publish({ ...job, status: 'queued', error_message: outcome.error });
      }
      return;
    }
    const result = resultRow(randomUUID(), job.user_id, resolved, outcome, job.id);
    const status = outcome.ok ? 'succeeded' : 'failed';
    const error = outcome.ok ? null : outcome.error;
    if (await this.repository.finish(job.id, token, status, result, error, at())) {
      this.#publish({ ...job, status, result_id: result.id, error_message: error });
    }
  }

  /** A job handed back to the queue by a stopping worker. */
  requeued(job: JobRow): void {
    this.#publish({ ...job, status: 'queued' });
  }

  #publish(
    job: Pick<JobRow, 'id' | 'user_id' | 'model_id' | 'status' | 'result_id' | 'error_message'>,
  ): void {
    void this.events.publish({
      type: 'job.updated',
      source: 'cloud',
      data: {
        job_id: job.id,
        status: job.status,
        user_id: job.user_id,
        model_id: String(job.model_id),
        result_id: job.result_id,
        error_message: job.error_message,
      },
    });
  }

  async #own(userId: number, id: string): Promise<JobRow> {
    const row = await this.repository.find(id);
    if (!row || row.user_id !== userId) throw new NotFoundError('Cloud job');
    return row;
  }
}

function toResponse(row: JobRow): JobResponse {
  return {
    id: row.id,
    user_id: row.user_id,
    model_id: String(row.model_id),
    provider: row.provider,
    task: row.task,
    status: row.status,
    result_id: row.result_id,
    error_message: row.error_message,
    created_at: row.created_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
  };
}
