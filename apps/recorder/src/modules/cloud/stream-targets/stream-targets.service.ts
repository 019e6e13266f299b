// Outbound stream targets (API.md §12): a camera pushed by ffmpeg to an RTMP, RTMPS or SRT server. Managing a
// target needs the camera's manage right (§3). A target runs while it is enabled, cloud streaming is on, egress
// is allowed and its camera can be read; the service keeps the running set equal to that at start (so enabled
// targets come back after a restart), on every target change, settings change and camera change.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { streamTargetArgs, streamTargetUrl } from '../../../media/ffmpeg/args.js';
import {
  takesEncoder,
  targetVideoPlan,
  type TargetProtocol,
  type TargetVideoCodec,
} from '../../../media/ffmpeg/target-plan.js';
import type { CameraStream } from '../../../media/ingest/camera-stream.js';
import type { StreamHub } from '../../../media/ingest/stream-hub.js';
import type { Principal, RequestContext } from '../../../platform/auth/principal.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import {
  AppError,
  ConflictError,
  FieldValidationError,
  NotFoundError,
} from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { CameraConfigService } from '../../camera-config/camera-config.service.js';
import type { CameraAccess } from '../../cameras/camera-access.js';
import type { CamerasService } from '../../cameras/cameras.service.js';
import type { SourceResolver } from '../../camera-sources/source-resolver.js';
import type { StreamFacts } from '../../camera-runtime/stream-facts.js';
import type { CloudEgress } from '../settings/cloud-egress.js';
import type { CloudSettingsService } from '../settings/cloud-settings.service.js';
import { StreamTargetRunner } from './stream-target-runner.js';
import type { StreamTargetRow, StreamTargetsRepository } from './stream-targets.repository.js';
import type {
  StreamTargetCreate,
  StreamTargetList,
  StreamTargetResponse,
  StreamTargetStatus,
} from './stream-targets.schemas.js';

export const STREAM_KEY_PURPOSE = 'cloud.stream_key';
const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export interface StreamTargetsOptions {
  ffmpegPath: string;
  dataDir: string;
  caBundle: () => Promise<Buffer | null>;
  /** whether a camera can be read now */
  sources: SourceResolver;
  /** the camera streams targets push (no connection of their own) */
  streams: StreamHub;
  /** what each camera stream carries: a codec the target's protocol cannot carry is converted */
  facts: Pick<StreamFacts, 'videoCodec'>;
  /** streaming this long resets the failure count (API.md §12: 60 s) */
  healthyResetMs?: number;
}

type Desired =
  | {
      run: true;
      fingerprint: string;
      conversion: string | null;
      build: () => Promise<{ runner: StreamTargetRunner; stream: CameraStream }>;
    }
  | { run: false; reason: string | null };

export class StreamTargetsService {
  #running = new Map<
    string,
    {
      runner: StreamTargetRunner;
      fingerprint: string;
      conversion: string | null;
      /** stops hearing of the camera stream's codec changes */
      unsubscribe: () => void;
    }
  >();
  #waiting = new Map<string, string | null>();
  #chains = new Map<string, Promise<void>>();
  #closed = false;

  constructor(
    private readonly repository: StreamTargetsRepository,
    private readonly access: CameraAccess,
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    private readonly settings: CloudSettingsService,
    private readonly egress: CloudEgress,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditService,
    private readonly options: StreamTargetsOptions,
  ) {}

  async upsert(
    context: RequestContext,
    body: StreamTargetCreate,
  ): Promise<{ created: boolean; target: StreamTargetResponse }> {
    await this.access.require(context.principal, body.camera_id, 'manage');
    const existing = body.target_id ? await this.#named(context.principal, body.target_id) : undefined;
    const now = new Date().toISOString();
    const row: StreamTargetRow = {
      target_id: body.target_id ?? randomUUID(),
      camera_id: body.camera_id,
      enabled: body.enabled ?? false,
      protocol: body.protocol ?? 'rtmp',
      server_url: body.server_url ?? '',
      stream_key_sealed:
        body.stream_key === null
          ? null
          : body.stream_key
            ? this.secretBox.seal(body.stream_key, STREAM_KEY_PURPOSE)
            : (existing?.stream_key_sealed ?? null),
      use_tls: body.use_tls ?? false,
      use_custom_ca: body.use_custom_ca ?? false,
      video_codec: body.video_codec ?? 'copy',
      video_bitrate: body.video_bitrate ?? null,
      audio_codec: body.audio_codec ?? 'aac',
      audio_bitrate: body.audio_bitrate === undefined ? '128k' : body.audio_bitrate,
      max_reconnect_attempts: body.max_reconnect_attempts ?? 5,
      reconnect_delay_seconds: body.reconnect_delay_seconds ?? 5,
      created_at: existing?.created_at ?? now,
      updated_at: existing ? now : null,
    };
    validate(row);
    // A target is pushed to by the recorder: the same host rules as a camera's own address.
    if (row.server_url !== existing?.server_url)
      await this.cameras.checkHosts(context.principal, [[['body', 'server_url'], row.server_url]]);
    if (row.enabled && !existing?.enabled) this.egress.require();
    await this.repository.upsert(row);
    await this.audit.record(context, {
      action: existing ? 'stream_target.update' : 'stream_target.create',
      entityType: 'stream_target',
      entityId: row.target_id,
      details: { camera_id: row.camera_id, protocol: row.protocol, enabled: row.enabled },
    });
    await this.sync(row.target_id);
    return { created: !existing, target: toResponse(row) };
  }

  async list(context: RequestContext): Promise<StreamTargetList> {
    const rows = await this.repository.all();
    const visible: StreamTargetRow[] = [];
    for (const row of rows) if (await this.#mayManage(context.principal, row.camera_id)) visible.push(row);
    return { targets: visible.map(toResponse), total: visible.length };
  }

  async get(context: RequestContext, targetId: string): Promise<StreamTargetResponse> {
    return toResponse(await this.#own(context.principal, targetId));
  }

  async remove(context: RequestContext, targetId: string): Promise<void> {
    const row = await this.#own(context.principal, targetId);
    await this.repository.delete(targetId);
    await this.sync(targetId);
    await this.audit.record(context, {
      action: 'stream_target.delete',
      entityType: 'stream_target',
      entityId: targetId,
      details: { camera_id: row.camera_id },
    });
  }

  async start(context: RequestContext, targetId: string): Promise<StreamTargetStatus> {
    const row = await this.#own(context.principal, targetId);
    this.egress.require();
    if (!(await this.settings.current()).streaming_enabled) {
      throw new ConflictError({
        code: 'cloud_streaming_disabled',
        message: 'Cloud streaming is switched off',
      });
    }
    validate({ ...row, enabled: true });
    await this.repository.setEnabled(targetId, true, new Date().toISOString());
    // An explicit start also retries a target that had given up.
    await this.#stopRunner(targetId);
    await this.sync(targetId);
    await this.audit.record(context, {
      action: 'stream_target.start',
      entityType: 'stream_target',
      entityId: targetId,
    });
    return this.#status({ ...row, enabled: true });
  }

  async stop(context: RequestContext, targetId: string): Promise<StreamTargetStatus> {
    const row = await this.#own(context.principal, targetId);
    await this.repository.setEnabled(targetId, false, new Date().toISOString());
    await this.sync(targetId);
    await this.audit.record(context, {
      action: 'stream_target.stop',
      entityType: 'stream_target',
      entityId: targetId,
    });
    return this.#status({ ...row, enabled: false });
  }

  async status(context: RequestContext, targetId: string): Promise<StreamTargetStatus> {
    return this.#status(await this.#own(context.principal, targetId));
  }

  /** Starts every target that should run (at start-up: enabled targets come back after a restart). */
  async syncAll(): Promise<void> {
    const ids = new Set([...(await this.repository.all()).map((r) => r.target_id), ...this.#running.keys()]);
    await Promise.all([...ids].map((id) => this.sync(id)));
  }

  async syncCamera(cameraId: number): Promise<void> {
    const rows = await this.repository.forCamera(cameraId);
    // Running targets too: a hard-deleted camera takes its target rows with it.
    const ids = new Set([...rows.map((r) => r.target_id), ...this.#running.keys()]);
    await Promise.all([...ids].map((id) => this.sync(id)));
  }

  /** Makes one target's process match what should run; serialized per target. */
  sync(targetId: string): Promise<void> {
    const previous = this.#chains.get(targetId) ?? Promise.resolve();
    const next = previous.then(() => this.#sync(targetId)).catch(() => undefined);
    this.#chains.set(targetId, next);
    return next;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#chains.values()]);
    await Promise.all([...this.#running.keys()].map((id) => this.#stopRunner(id)));
  }

  /** Lets the service run again after close() (a restart of the cloud module). */
  reopen(): void {
    this.#closed = false;
  }

  async #sync(targetId: string): Promise<void> {
    const row = await this.repository.find(targetId);
    const desired = this.#closed || !row ? { run: false as const, reason: null } : await this.#desired(row);
    const current = this.#running.get(targetId);
    if (desired.run && current?.fingerprint === desired.fingerprint) return;
    if (current) await this.#stopRunner(targetId);
    if (!desired.run) {
      if (row?.enabled && desired.reason) this.#waiting.set(targetId, desired.reason);
      else this.#waiting.delete(targetId);
      return;
    }
    this.#waiting.delete(targetId);
    const { runner, stream } = await desired.build();
    // A camera that now sends another codec may need another plan (H.265 to an RTMP server is converted).
    const unsubscribe = stream.onCodecChange(() => void this.sync(targetId));
    this.#running.set(targetId, {
      runner,
      fingerprint: desired.fingerprint,
      conversion: desired.conversion,
      unsubscribe,
    });
    runner.start();
  }

  async #desired(row: StreamTargetRow): Promise<Desired> {
    if (!row.enabled) return { run: false, reason: null };
    if (!this.egress.allowed) return { run: false, reason: 'Cloud egress is disabled (CLOUD_EGRESS=deny)' };
    if (!(await this.settings.current()).streaming_enabled)
      return { run: false, reason: 'Cloud streaming is switched off' };
    const source = await this.options.sources.resolve(row.camera_id, 'main');
    if (!source.ok) return { run: false, reason: source.error };
    const key = row.stream_key_sealed ? this.secretBox.open(row.stream_key_sealed, STREAM_KEY_PURPOSE) : '';
    const protocol =
      row.protocol === 'rtmp' && row.use_tls ? 'rtmps' : (row.protocol as 'rtmp' | 'rtmps' | 'srt');
    const serverUrl = protocol === 'rtmps' ? row.server_url.replace(/^rtmp:/, 'rtmps:') : row.server_url;
    let caFile: string | null = null;
    if (protocol === 'rtmps') {
      if (row.use_custom_ca) {
        const ca = await this.options.caBundle();
        if (!ca)
          return {
            run: false,
            reason: 'use_custom_ca is set but no CA bundle has been uploaded (media-source TLS)',
          };
        caFile = await this.#caFile(ca);
      } else if (existsSync(SYSTEM_CA_BUNDLE)) {
        caFile = SYSTEM_CA_BUNDLE;
      }
    }
    const video = targetVideoPlan(
      protocol,
      row.video_codec as TargetVideoCodec,
      await this.options.facts.videoCodec(row.camera_id, 'main', { ask: true }),
    );
    const args = streamTargetArgs({
      protocol,
      url: streamTargetUrl(protocol, serverUrl, key),
      videoCodec: video.codec,
      videoBitrate: row.video_bitrate,
      audioCodec: row.audio_codec as 'aac',
      audioBitrate: row.audio_bitrate,
      caFile,
    });
    const spec = {
      args,
      secrets: [key],
      maxReconnectAttempts: row.max_reconnect_attempts,
      reconnectDelayMs: row.reconnect_delay_seconds * 1000,
      // Pushed from a plain user's camera: the server it names cannot lead ffmpeg into this machine either.
      guarded: source.source.input(0).guarded,
    };
    const fingerprint = createHash('sha256').update(JSON.stringify(spec)).digest('hex');
    return {
      run: true,
      fingerprint,
      conversion: video.conversion,
      build: async () => {
        const stream = await this.options.streams.stream(row.camera_id, 'main');
        return {
          stream,
          runner: new StreamTargetRunner(
            spec,
            this.options.ffmpegPath,
            stream,
            undefined,
            this.options.healthyResetMs,
          ),
        };
      },
    };
  }

  async #caFile(ca: Buffer): Promise<string> {
    const dir = join(this.options.dataDir, 'stream-targets');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `ca-${createHash('sha256').update(ca).digest('hex').slice(0, 16)}.pem`);
    await writeFile(file, ca, { mode: 0o600 });
    return file;
  }

  async #stopRunner(targetId: string): Promise<void> {
    const current = this.#running.get(targetId);
    if (!current) return;
    this.#running.delete(targetId);
    current.unsubscribe();
    await current.runner.stop();
  }

  #status(row: StreamTargetRow): StreamTargetStatus {
    const running = this.#running.get(row.target_id);
    const runner = running?.runner;
    if (!runner) {
      const reason = this.#waiting.get(row.target_id) ?? null;
      return {
        target_id: row.target_id,
        camera_id: row.camera_id,
        enabled: row.enabled,
        state: row.enabled && reason ? 'waiting' : 'idle',
        failures: 0,
        reconnect_attempts: 0,
        last_error: row.enabled ? reason : null,
        started_at: null,
        streaming_since: null,
        conversion: null,
      };
    }
    return {
      target_id: row.target_id,
      camera_id: row.camera_id,
      enabled: row.enabled,
      state: runner.state === 'stopped' ? 'idle' : runner.state,
      failures: runner.failures,
      reconnect_attempts: runner.reconnectAttempts,
      last_error: runner.lastError,
      started_at: runner.startedAt,
      streaming_since: runner.streamingSince,
      conversion: running.conversion,
    };
  }

  async #mayManage(principal: Principal, cameraId: number): Promise<boolean> {
    try {
      await this.access.require(principal, cameraId, 'manage');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The target, if the caller may manage its camera. Any other target does not exist for them, whether they
   * can see its camera or not (the list shows them none of those either): 404 exactly as for an id nobody uses.
   */
  async #own(principal: Principal, targetId: string): Promise<StreamTargetRow> {
    const row = await this.repository.find(targetId);
    if (!row) throw new NotFoundError('Stream target');
    try {
      await this.access.require(principal, row.camera_id, 'manage');
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403))
        throw new NotFoundError('Stream target');
      throw error;
    }
    return row;
  }

  /**
   * The target an upsert names: undefined when a superuser names a free id (created under it). Ids are one
   * namespace for every user, so a plain user naming a free id would learn, from a 201, that someone else's
   * id is not free: for them an upsert only updates a target of theirs, another id is 404 whether it is free
   * or someone else's, and a new target takes the id the recorder chooses (target_id left out). A superuser
   * sees every target anyway.
   */
  async #named(principal: Principal, targetId: string): Promise<StreamTargetRow | undefined> {
    if (principal.isSuperuser) return this.repository.find(targetId);
    try {
      return await this.#own(principal, targetId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      throw new AppError(404, {
        code: 'stream_target_not_found',
        message: 'Stream target not found; to create one, leave target_id out and the recorder chooses it',
        loc: ['body', 'target_id'],
      });
    }
  }
}

/** server_url must match the protocol; an enabled target needs one. */
function validate(row: StreamTargetRow): void {
  const url = row.server_url;
  if (url) {
    const schemes: Record<string, string[]> = {
      rtmp: row.use_tls ? ['rtmp:', 'rtmps:'] : ['rtmp:'],
      rtmps: ['rtmps:'],
      srt: ['srt:'],
    };
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || !parsed.hostname || !schemes[row.protocol]!.includes(parsed.protocol)) {
      throw new FieldValidationError(
        ['body', 'server_url'],
        `server_url must be a ${schemes[row.protocol]!.map((s) => `${s}//`).join(' or ')} URL for protocol ${row.protocol}`,
      );
    }
    if (parsed.username || parsed.password) {
      throw new FieldValidationError(['body', 'server_url'], 'Put credentials in stream_key, not in the URL');
    }
  } else if (row.enabled) {
    throw new FieldValidationError(['body', 'server_url'], 'Required while the target is enabled', 'missing');
  }
  const protocol = row.protocol === 'rtmp' && row.use_tls ? 'rtmps' : (row.protocol as TargetProtocol);
  if (!takesEncoder(protocol, row.video_codec as TargetVideoCodec)) {
    throw new FieldValidationError(
      ['body', 'video_codec'],
      `${protocol.toUpperCase()} carries H.264 only: use copy (an H.265 camera is then converted) or libx264, or SRT for H.265`,
    );
  }
  if (row.protocol === 'srt' && row.use_tls) {
    throw new FieldValidationError(
      ['body', 'use_tls'],
      'SRT has its own encryption; use_tls applies to RTMP only',
    );
  }
  if (row.use_custom_ca && !(row.protocol === 'rtmps' || (row.protocol === 'rtmp' && row.use_tls))) {
    throw new FieldValidationError(['body', 'use_custom_ca'], 'use_custom_ca applies to RTMPS targets only');
  }
  if (row.video_codec === 'copy' && row.video_bitrate) {
    throw new FieldValidationError(
      ['body', 'video_bitrate'],
      'video_bitrate needs a re-encoding video_codec',
    );
  }
}

function toResponse(row: StreamTargetRow): StreamTargetResponse {
  return {
    target_id: row.target_id,
    camera_id: row.camera_id,
    enabled: row.enabled,
    protocol: row.protocol,
    server_url: row.server_url,
    stream_key_set: row.stream_key_sealed !== null,
    use_tls: row.use_tls,
    use_custom_ca: row.use_custom_ca,
    video_codec: row.video_codec,
    video_bitrate: row.video_bitrate,
    audio_codec: row.audio_codec,
    audio_bitrate: row.audio_bitrate,
    max_reconnect_attempts: row.max_reconnect_attempts,
    reconnect_delay_seconds: row.reconnect_delay_seconds,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
