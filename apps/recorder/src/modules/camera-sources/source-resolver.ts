// The one place that says how to read a camera stream: which URL for the stream role (the main stream: the
// config's source_url, else the camera's rtsp_url; the substream: substream_url when set), the transport-security
// policy, the camera host rules, the RTSPS certificate check against the media-source CA, the credentials, the
// transport (`auto` alternating TCP and UDP between attempts) and the config's extra input options. Recording
// and the camera streams' own pulls both resolve through it, and every other consumer reads a camera stream, so
// no pipeline can read a camera differently (API.md §5, §13). In a cluster it is also where a camera's pipelines
// stay on the one node that holds the camera's lease.
import type { StreamInput } from '../../media/ffmpeg/args.js';
import type { StreamRole } from '../../media/ingest/stream-hub.js';
import { AppError } from '../../platform/http/errors.js';
import type { CameraConfigRow } from '../../platform/db/schema.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CameraOwnership } from '../cluster/camera-leases.js';
import type { LeaseFence } from '../../platform/db/lease-fence.js';
import {
  planSource,
  streamInput,
  verifySource,
  type RtspsVerifier,
  type SourcePlan,
} from './stream-source.js';

export interface ResolvedSource {
  camera: CameraRow;
  config: CameraConfigRow | undefined;
  plan: SourcePlan;
  /** the ffmpeg input for an attempt (the transport alternates between attempts with `auto`) */
  input: (attempt: number) => StreamInput;
  /** the camera's lease on this node: what the pipeline writes (chunk rows, results) goes in only while it holds */
  fence: LeaseFence | null;
}

export type SourceResolution =
  { ok: true; source: ResolvedSource } | { ok: false; error: string; status: number };

export class SourceResolver {
  constructor(
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    /** in a cluster, only the node holding a camera's lease reads it (modules/cluster) */
    private readonly ownership: Pick<CameraOwnership, 'claim' | 'fence'>,
    /** why the connection guard cannot run here (null: it can); asked before a plain user's camera is read */
    private readonly guardProblem: () => Promise<string | null>,
    private readonly verifyRtsps?: RtspsVerifier,
  ) {}

  /** How to read the camera's stream of that role now, or why it cannot be read (with the HTTP status). */
  async resolve(cameraId: number, role: StreamRole = 'main'): Promise<SourceResolution> {
    const camera = await this.cameras.find(cameraId);
    if (!camera || camera.deleted_at !== null) return { ok: false, error: 'Camera not found', status: 404 };
    if (!camera.is_active) {
      return { ok: false, error: 'The camera is paused (is_active false)', status: 409 };
    }
    if (!(await this.ownership.claim(cameraId)))
      return { ok: false, error: 'Another recorder node runs this camera', status: 503 };
    const config = await this.configs.find(cameraId);
    const url =
      role === 'sub' && camera.substream_url ? camera.substream_url : (config?.source_url ?? camera.rtsp_url);
    const decision = await verifySource(
      planSource(
        url,
        config?.transport_security ?? 'rtsps_preferred',
        config?.transport_security_probe_result ?? 'not_probed',
        config?.transport_security_probe_port ?? null,
      ),
      this.verifyRtsps,
      (candidate) => this.cameras.sourceRefusal(camera, candidate),
    );
    if (!decision.ok) return { ok: false, error: decision.error, status: 503 };
    const guarded = await this.cameras.needsConnectGuard(camera);
    const guardProblem = guarded ? await this.guardProblem() : null;
    if (guardProblem) {
      const error = `The connection guard for cameras of users who are not superusers does not work here: ${guardProblem}`;
      return { ok: false, error, status: 503 };
    }
    const credentials = await this.cameras.credentials(cameraId);
    const plan = decision.plan;
    return {
      ok: true,
      source: {
        camera,
        config,
        plan,
        input: (attempt) => streamInput(plan.url, credentials, config, attempt, guarded),
        fence: this.ownership.fence(cameraId),
      },
    };
  }

  /**
   * The role a consumer really reads: `sub` only when the camera has a substream (else it shares the main
   * stream, and its session, with everyone else).
   */
  async effectiveRole(cameraId: number, wanted: StreamRole): Promise<StreamRole> {
    if (wanted === 'main') return 'main';
    return (await this.cameras.find(cameraId))?.substream_url ? 'sub' : 'main';
  }

  /** The input of an attempt, or an AppError with the reason the camera cannot be read. */
  async input(cameraId: number, role: StreamRole, attempt: number): Promise<StreamInput> {
    const resolution = await this.resolve(cameraId, role);
    if (!resolution.ok) throw new AppError(resolution.status, resolution.error);
    return resolution.source.input(attempt);
  }
}
