import type { FastifyBaseLogger } from 'fastify';
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import { ConflictError, FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { TlsProbeResult } from '../../media/tls-probe.js';
import { probeTarget } from '../../media/tls-probe.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CameraHostPolicy } from '../cameras/camera-hosts.js';
import type { CameraRow } from '../../platform/db/schema.js';
import { splitStreamUrl } from '../cameras/stream-urls.js';
import type {
  CameraConfigPatch,
  CameraConfigRepository,
  CameraConfigRow,
} from './camera-config.repository.js';
import {
  DEFAULT_CAMERA_CONFIG,
  type CameraConfigCreate,
  type CameraConfigResponse,
  type CameraConfigUpdate,
  type ProbeQuery,
  type ProbeResult,
  type TransportSecurity,
} from './camera-config.schemas.js';
import { parseExtraOptions } from './extra-options.js';
import { requireConfiguredProbePort } from './probe-ports.js';
import { recordingPathProblem } from './recording-path.js';
import type { RecorderEventBus } from '../recorder-events.js';

export type TlsProber = (host: string, port: number) => Promise<TlsProbeResult>;

/** Where a probe result leads an automatic (not operator-set) policy; inconclusive leaves it alone. */
const POLICY_AFTER_PROBE: Record<TlsProbeResult, TransportSecurity | null> = {
  supported: 'rtsps_preferred',
  not_supported: 'plaintext_allowed',
  inconclusive: null,
};

export class CameraConfigService {
  readonly #background = new Set<Promise<unknown>>();

  constructor(
    private readonly configs: CameraConfigRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly prober: TlsProber,
    private readonly hosts: CameraHostPolicy,
    private readonly recordingsRoot: string,
    private readonly log: FastifyBaseLogger,
    private readonly events: RecorderEventBus,
  ) {}

  async create(context: RequestContext, body: CameraConfigCreate): Promise<CameraConfigResponse> {
    await this.access.require(context.principal, body.camera_id, 'manage');
    if (await this.configs.findByCamera(body.camera_id)) {
      throw new ConflictError({ code: 'config_exists', message: 'This camera already has a stream config' });
    }
    await this.#check(context.principal, body.camera_id, body);
    const row = await this.configs.insert({
      ...DEFAULT_CAMERA_CONFIG,
      ...body,
      transport_security: body.transport_security ?? DEFAULT_CAMERA_CONFIG.transport_security,
      transport_security_operator_set: body.transport_security !== undefined,
    });
    await this.audit.record(context, {
      action: 'camera_config.create',
      entityType: 'camera',
      entityId: body.camera_id,
    });
    this.#emit(body.camera_id);
    return row;
  }

  async get(context: RequestContext, cameraId: number): Promise<CameraConfigResponse> {
    await this.access.require(context.principal, cameraId, 'view');
    return this.#require(cameraId);
  }

  async update(
    context: RequestContext,
    cameraId: number,
    body: CameraConfigUpdate,
  ): Promise<CameraConfigResponse> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const current = await this.#require(cameraId);
    await this.#check(context.principal, cameraId, body);
    const patch: CameraConfigPatch = {};
    for (const [key, value] of Object.entries(body)) {
      // null clears the nullable fields; for the others (booleans, numbers, enums) it leaves them as they are.
      if (value === undefined || (value === null && !NULLABLE.has(key))) continue;
      Object.assign(patch, { [key]: value });
    }
    if (patch.transport_security !== undefined) patch.transport_security_operator_set = true;
    const row = (await this.configs.update(cameraId, patch)) ?? current;
    await this.audit.record(context, {
      action: 'camera_config.update',
      entityType: 'camera',
      entityId: cameraId,
      details: { changed: Object.keys(patch) },
    });
    if (patch.source_url !== undefined && patch.source_url !== current.source_url)
      this.probeInBackground(camera);
    this.#emit(cameraId);
    return row;
  }

  async delete(context: RequestContext, cameraId: number): Promise<void> {
    await this.access.require(context.principal, cameraId, 'manage');
    if (!(await this.configs.delete(cameraId))) throw new NotFoundError('Camera config');
    await this.audit.record(context, {
      action: 'camera_config.delete',
      entityType: 'camera',
      entityId: cameraId,
    });
    this.#emit(cameraId);
  }

  async setPolicy(
    context: RequestContext,
    cameraId: number,
    policy: TransportSecurity,
  ): Promise<CameraConfigResponse> {
    await this.access.require(context.principal, cameraId, 'manage');
    await this.#require(cameraId);
    const row = (await this.configs.update(cameraId, {
      transport_security: policy,
      transport_security_operator_set: true,
    }))!;
    await this.audit.record(context, {
      action: 'camera.transport_security',
      entityType: 'camera',
      entityId: cameraId,
      details: { policy },
    });
    this.#emit(cameraId);
    return row;
  }

  async probe(context: RequestContext, cameraId: number, query: ProbeQuery): Promise<CameraConfigResponse> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    if (query.port !== undefined && !context.principal.isSuperuser) {
      // A port of the caller's choosing would make the probe a port scanner of the camera's host.
      const config = await this.#require(cameraId);
      const { host } = probeTarget(config.source_url ?? camera.rtsp_url, query.port, camera.ip_address);
      requireConfiguredProbePort(host, query.port, camera, config);
    }
    const row = await this.#probe(camera, query.port, query.reset_policy);
    await this.audit.record(context, {
      action: 'camera.transport_security_probe',
      entityType: 'camera',
      entityId: cameraId,
      details: { result: row.transport_security_probe_result, policy: row.transport_security },
    });
    return row;
  }

  /** After a camera is created or its source changes: probe without holding up the request. */
  probeInBackground(camera: CameraRow): void {
    const task = this.#probe(camera, undefined, false)
      .catch((error: unknown) => {
        this.log.warn({ err: error, cameraId: camera.id }, 'background RTSPS probe failed');
      })
      .finally(() => this.#background.delete(task));
    this.#background.add(task);
  }

  /** Resolves once every background probe started so far has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.#background.size > 0) await Promise.all([...this.#background]);
  }

  async #probe(camera: CameraRow, port: number | undefined, resetPolicy: boolean): Promise<CameraConfigRow> {
    const config = await this.#require(camera.id);
    const target = probeTarget(config.source_url ?? camera.rtsp_url, port, camera.ip_address);
    const result: TlsProbeResult = target.host ? await this.prober(target.host, target.port) : 'inconclusive';
    const probed = {
      transport_security_probe_result: result satisfies ProbeResult,
      transport_security_probed_at: new Date().toISOString(),
      // An RTSPS upgrade goes to this port (planSource).
      transport_security_probe_port: target.port,
    };
    const next = POLICY_AFTER_PROBE[result];
    // The handshake may have taken seconds: whether the policy is operator-set is decided by the repository at
    // write time, not from `config`, so a policy the operator set meanwhile survives. reset_policy is itself an
    // operator request and overwrites.
    const row =
      (resetPolicy
        ? await this.configs.update(camera.id, {
            ...probed,
            ...(next !== null ? { transport_security: next } : {}),
            transport_security_operator_set: false,
          })
        : await this.configs.recordProbe(camera.id, probed, next)) ?? config;
    // Recording, live view and the other pipelines re-plan their source when anything planSource reads changed.
    const planChanged =
      row.transport_security !== config.transport_security ||
      row.transport_security_probe_result !== config.transport_security_probe_result ||
      row.transport_security_probe_port !== config.transport_security_probe_port;
    if (planChanged) this.#emit(camera.id);
    return row;
  }

  /** After any change that can alter how the camera is streamed or recorded. */
  #emit(cameraId: number): void {
    this.events.emit('camera-config.changed', { cameraId });
  }

  /** For the media layer: the config without an authorization check. */
  find(cameraId: number): Promise<CameraConfigRow | undefined> {
    return this.configs.findByCamera(cameraId);
  }

  /** For the media layer: the runtime counters the supervisor maintains (API.md §5). */
  async recordRuntime(
    cameraId: number,
    patch: Pick<
      CameraConfigPatch,
      'stream_active' | 'stream_failures' | 'last_stream_start' | 'last_provisioned_at'
    >,
  ): Promise<void> {
    await this.configs.update(cameraId, patch);
  }

  async #check(
    principal: Principal,
    cameraId: number,
    body: Partial<CameraConfigCreate> | CameraConfigUpdate,
  ): Promise<void> {
    if (body.recording_path) {
      const problem = recordingPathProblem(
        this.recordingsRoot,
        cameraId,
        body.recording_path,
        await this.configs.otherRecordingPaths(cameraId),
      );
      if (problem !== null) throw new FieldValidationError(['body', 'recording_path'], problem);
    }
    if (body.extra_options) parseExtraOptions(body.extra_options);
    if (body.source_url) {
      const split = splitStreamUrl(body.source_url, 'source_url');
      if (split.username !== null || split.password !== null) {
        throw new FieldValidationError(
          ['body', 'source_url'],
          "Put credentials in the camera's username and password, not in the URL",
        );
      }
      await this.hosts.checkSave(principal, [[['body', 'source_url'], body.source_url]]);
    }
  }

  async #require(cameraId: number): Promise<CameraConfigRow> {
    const row = await this.configs.findByCamera(cameraId);
    if (!row) throw new NotFoundError('Camera config');
    return row;
  }
}

const NULLABLE = new Set(['recording_path', 'rtsp_transport', 'source_url', 'extra_options']);
