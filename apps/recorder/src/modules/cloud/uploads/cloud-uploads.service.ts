// Cloud recording (API.md §12): every closed chunk of every recording camera is queued for upload while cloud
// recording is on; the upload worker puts it into the S3-compatible bucket under the chunk's own relative path
// (`cam-<id>/YYYY/MM/DD/<start ms>.mp4`), so the bucket mirrors the recordings directory.
import { requireSuperuser } from '../../../platform/auth/guards.js';
import type { RequestContext } from '../../../platform/auth/principal.js';
import type { IndexedChunk } from '../../recordings/recording-engine.js';
import type { CloudEgress } from '../settings/cloud-egress.js';
import type { CloudSettingsService } from '../settings/cloud-settings.service.js';
import type { CloudUploadsRepository, UploadRow, UploadStats } from './cloud-uploads.repository.js';
import type { S3Uploader, UploadResult } from './s3-uploader.js';
import { UploadWorker } from './upload-worker.js';

export class CloudUploadsService {
  /** uploads what is queued, a few at a time, while cloud recording is on */
  readonly worker: UploadWorker;

  constructor(
    private readonly repository: CloudUploadsRepository,
    private readonly settings: CloudSettingsService,
    private readonly uploader: S3Uploader,
    private readonly egress: CloudEgress,
    concurrency: number,
    retryDelaysMs?: readonly number[],
  ) {
    this.worker = new UploadWorker(
      repository,
      (row) => this.uploadOne(row),
      () => this.active(),
      concurrency,
      retryDelaysMs,
    );
  }

  /** The recording engine closed a chunk: queue it while cloud recording is on. */
  async enqueue(chunk: IndexedChunk): Promise<void> {
    if (!this.egress.allowed || !(await this.settings.current()).recording_enabled) return;
    const key = chunk.path.split(/[\\/]+/).join('/');
    await this.repository.enqueue(
      { camera_id: chunk.cameraId, recording_path: chunk.path, object_key: key, size_bytes: chunk.sizeBytes },
      new Date().toISOString(),
    );
    this.worker.kick();
  }

  async status(context: RequestContext): Promise<UploadStats> {
    requireSuperuser(context.principal);
    return this.repository.stats();
  }

  /** Chunks still to be uploaded (the outbox's depth, for the metrics). */
  pending(): Promise<number> {
    return this.repository.pendingCount();
  }

  /** Whether the worker should upload now. */
  async active(): Promise<boolean> {
    return this.egress.allowed && (await this.settings.s3Target()) !== null;
  }

  async uploadOne(row: UploadRow): Promise<UploadResult | null> {
    const target = await this.settings.s3Target();
    if (!target || !this.egress.allowed) return null;
    return this.uploader.upload(target, row.recording_path, row.object_key);
  }
}
