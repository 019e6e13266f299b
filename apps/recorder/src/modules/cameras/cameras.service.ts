import { resolve } from 'node:path';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { BadRequestError, ConflictError } from '../../platform/http/errors.js';
import {
  cameraRecordingDir,
  deleteRecordingDir,
  deleteRecordingFiles,
  isWithin,
  relativeToRoot,
} from '../../platform/storage/recording-dirs.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Assignment, SkillsService } from '../skills/skills.service.js';
import { normalizeAssignments } from '../skills/skills.service.js';
import type { CameraAccess } from './camera-access.js';
import type { CameraHostPolicy } from './camera-hosts.js';
import type { CameraStatusService } from './camera-status.service.js';
import type { CameraPatch, CameraRow, CamerasRepository, NewConfigRow } from './cameras.repository.js';
import type { CameraChange } from './camera-change.js';
import {
  CAMERA_TEXT_FIELDS,
  type CameraCreate,
  type CameraList,
  type CameraListQuery,
  type CameraResponse,
  type CameraRightsResponse,
  type CameraUpdate,
  type DeletedCameraInfo,
  type DeletedCameraList,
  type HardDeleteResult,
} from './cameras.schemas.js';
import { checkHost, onvifDeviceUrl, splitStreamUrl } from './stream-urls.js';
import type { RecorderEventBus } from '../recorder-events.js';

export const PASSWORD_PURPOSE = 'camera.password';

/** Text columns stored as sent (the password is sealed, the URLs are cleaned of credentials first). */
const PLAIN_TEXT_FIELDS = CAMERA_TEXT_FIELDS.filter(
  (
    field,
  ): field is Exclude<
    (typeof CAMERA_TEXT_FIELDS)[number],
    'password' | 'rtsp_url' | 'substream_url' | 'onvif_xaddr'
  > => !['password', 'rtsp_url', 'substream_url', 'onvif_xaddr'].includes(field),
);
type PlainTextField = (typeof PLAIN_TEXT_FIELDS)[number];

export function hardDeletePhrase(name: string): string {
  return `hard delete ${name} and it's recording`;
}

export class CamerasService {
  constructor(
    private readonly cameras: CamerasRepository,
    private readonly access: CameraAccess,
    private readonly skills: SkillsService,
    private readonly status: CameraStatusService,
    private readonly hosts: CameraHostPolicy,
    private readonly secrets: SecretBox,
    private readonly audit: AuditService,
    private readonly recordingsRoot: string,
    private readonly events: RecorderEventBus,
    /** the stream config a new camera starts with (camera-config's defaults, stored with the camera at once) */
    private readonly newCameraConfig: NewConfigRow & { recording_enabled: boolean },
  ) {}

  /**
   * For the pipelines, right before they connect: why this camera may not be read from `url` now (its owner is
   * not a superuser and the host resolves to the recorder's own machine or link), or null.
   */
  sourceRefusal(camera: CameraRow, url: string): Promise<string | null> {
    return this.hosts.connectRefusal(camera.owner_id, url);
  }

  /** For the media layer: whether the camera's readers run with the connection guard (a plain user's camera). */
  needsConnectGuard(camera: CameraRow): Promise<boolean> {
    return this.hosts.needsConnectGuard(camera.owner_id);
  }

  /** For other addresses a camera's pipelines connect to (stream targets): the same host rules on save. */
  checkHosts(...args: Parameters<CameraHostPolicy['checkSave']>): Promise<void> {
    return this.hosts.checkSave(...args);
  }

  async create(context: RequestContext, body: CameraCreate, force: boolean): Promise<CameraResponse> {
    checkHost(body.ip_address);
    const rtsp = body.rtsp_url ? splitStreamUrl(body.rtsp_url, 'rtsp_url') : null;
    const sub = body.substream_url ? splitStreamUrl(body.substream_url, 'substream_url') : null;
    const assignments = body.assignments ? normalizeAssignments(body.assignments) : [];
    const onvifXaddr = body.onvif_xaddr ? onvifDeviceUrl(body.onvif_xaddr) : null;
    await this.hosts.checkSave(context.principal, [
      [['body', 'ip_address'], body.ip_address],
      [['body', 'rtsp_url'], rtsp?.url],
      [['body', 'substream_url'], sub?.url],
      [['body', 'onvif_xaddr'], onvifXaddr],
    ]);
    const ownerId = context.principal.userId;
    const rtspUrl = rtsp?.url ?? null;
    if (!force)
      await this.#guardDuplicates(ownerId, { rtspUrl, ipAddress: body.ip_address, port: body.port });

    // Explicit fields win over credentials found in the URLs.
    const username = body.username ?? rtsp?.username ?? sub?.username ?? null;
    const password = body.password || rtsp?.password || sub?.password || null;
    const now = new Date().toISOString();
    const texts = Object.fromEntries(
      PLAIN_TEXT_FIELDS.map((field) => [field, body[field] ?? null]),
    ) as Record<PlainTextField, string | null>;
    const row = await this.cameras.insertWithConfig(
      {
        ...texts,
        name: body.name,
        ip_address: body.ip_address,
        owner_id: ownerId,
        is_active: body.is_active,
        port: body.port,
        status: body.status ?? 'unknown',
        username,
        password_sealed: password ? this.secrets.seal(password, PASSWORD_PURPOSE) : null,
        rtsp_url: rtspUrl,
        substream_url: sub?.url ?? null,
        onvif_xaddr: onvifXaddr,
        created_at: now,
        updated_at: null,
        deleted_at: null,
        active_before_bin: null,
      },
      this.newCameraConfig,
    );
    if (assignments.length > 0) await this.skills.replaceAssignments(row.id, assignments);
    await this.audit.record(context, {
      action: 'camera.create',
      entityType: 'camera',
      entityId: row.id,
      details: { name: row.name, ip_address: row.ip_address, port: row.port, forced: force },
    });
    this.#emit({ kind: 'created', camera: row, sourceChanged: true, credentialsChanged: true });
    return this.#respond(row, this.newCameraConfig.recording_enabled);
  }

  async list(context: RequestContext, query: CameraListQuery): Promise<CameraList> {
    const { rows, total } = await this.cameras.listVisible({
      visibleTo: context.principal.isSuperuser ? null : context.principal.userId,
      activeOnly: query.active_only,
      q: query.q,
      skip: query.skip,
      limit: query.limit,
    });
    const assignments = await this.skills.assignmentsFor(rows.map((row) => row.id));
    return {
      total,
      cameras: rows.map((row) => this.#toResponse(row, row.recording_enabled, assignments.get(row.id) ?? [])),
    };
  }

  async get(context: RequestContext, id: number): Promise<CameraResponse> {
    const camera = await this.access.require(context.principal, id, 'view');
    return this.#respond(camera);
  }

  /** The caller's rights on the camera (view right). */
  myRights(context: RequestContext, id: number): Promise<CameraRightsResponse> {
    return this.access.rightsOn(context.principal, id);
  }

  async update(context: RequestContext, id: number, body: CameraUpdate): Promise<CameraResponse> {
    const current = await this.access.require(context.principal, id, 'manage');
    if (body.ip_address !== undefined) checkHost(body.ip_address);
    const patch: CameraPatch = {};
    for (const field of PLAIN_TEXT_FIELDS) {
      if (body[field] !== undefined) patch[field] = body[field];
    }
    // name and ip_address refuse null in the schema; port and is_active accept it (SEED.md makes every update
    // field nullable) and, having no "empty" value, keep what is stored.
    for (const field of ['name', 'ip_address', 'port', 'is_active'] as const) {
      if (body[field] !== undefined && body[field] !== null) Object.assign(patch, { [field]: body[field] });
    }
    // Credentials found in a new URL apply unless the same request sets them explicitly; as on create, the main
    // stream's win over the substream's.
    let urlUsername: string | null = null;
    let urlPassword: string | null = null;
    for (const field of ['rtsp_url', 'substream_url'] as const) {
      const value = body[field];
      if (value === undefined) continue;
      if (value === null || value === '') {
        patch[field] = null;
        continue;
      }
      const split = splitStreamUrl(value, field);
      patch[field] = split.url;
      urlUsername ??= split.username;
      urlPassword ??= split.password;
    }
    if (body.onvif_xaddr !== undefined)
      patch.onvif_xaddr = body.onvif_xaddr ? onvifDeviceUrl(body.onvif_xaddr) : null;
    await this.hosts.checkSave(context.principal, [
      [['body', 'ip_address'], patch.ip_address],
      [['body', 'rtsp_url'], patch.rtsp_url],
      [['body', 'substream_url'], patch.substream_url],
      [['body', 'onvif_xaddr'], patch.onvif_xaddr],
    ]);
    if (urlUsername !== null && body.username === undefined) patch.username = urlUsername;
    if (urlPassword !== null && !body.password)
      patch.password_sealed = this.secrets.seal(urlPassword, PASSWORD_PURPOSE);
    // Blank keeps the stored password, null clears it (API.md §1 "Secrets").
    if (body.password === null) patch.password_sealed = null;
    else if (body.password) patch.password_sealed = this.secrets.seal(body.password, PASSWORD_PURPOSE);
    const assignments: Assignment[] | undefined =
      body.assignments === undefined ? undefined : normalizeAssignments(body.assignments ?? []);

    const changed = Object.keys(patch).filter(
      (key) => patch[key as keyof CameraPatch] !== current[key as keyof CameraRow],
    );
    patch.updated_at = new Date().toISOString();
    const row = (await this.cameras.update(id, patch)) ?? current;
    if (assignments !== undefined) await this.skills.replaceAssignments(id, assignments);
    await this.audit.record(context, {
      action: 'camera.update',
      entityType: 'camera',
      entityId: id,
      details: {
        changed: [
          ...changed.map((key) => (key === 'password_sealed' ? 'password' : key)),
          ...(assignments ? ['assignments'] : []),
        ],
      },
    });
    this.#emit({
      kind: 'updated',
      camera: row,
      sourceChanged: ['ip_address', 'port', 'rtsp_url'].some((key) => changed.includes(key)),
      credentialsChanged: ['username', 'password_sealed'].some((key) => changed.includes(key)),
    });
    return this.#respond(row);
  }

  /** DELETE: into the bin. Pipelines stop, recordings stay, the camera can be restored. */
  async bin(context: RequestContext, id: number): Promise<DeletedCameraInfo> {
    const current = await this.access.require(context.principal, id, 'manage');
    const now = new Date().toISOString();
    const row = (await this.cameras.update(id, {
      deleted_at: now,
      active_before_bin: current.is_active,
      is_active: false,
      updated_at: now,
    }))!;
    await this.audit.record(context, {
      action: 'camera.bin',
      entityType: 'camera',
      entityId: id,
      details: { name: row.name },
    });
    this.#emit({ kind: 'binned', camera: row, sourceChanged: false, credentialsChanged: false });
    return this.#deletedInfo(row);
  }

  async listBinned(context: RequestContext): Promise<DeletedCameraList> {
    const rows = await this.cameras.listBinned(
      context.principal.isSuperuser ? null : context.principal.userId,
    );
    const cameras = await Promise.all(rows.map((row) => this.#deletedInfo(row)));
    return { cameras, total: cameras.length };
  }

  async restore(context: RequestContext, id: number, force: boolean): Promise<CameraResponse> {
    const current = await this.access.require(context.principal, id, 'manage', { includeBinned: true });
    if (current.deleted_at === null)
      throw new ConflictError({ code: 'not_binned', message: 'The camera is not in the bin' });
    if (!force) {
      await this.#guardDuplicates(
        current.owner_id,
        { rtspUrl: current.rtsp_url, ipAddress: current.ip_address, port: current.port },
        id,
      );
    }
    const row = (await this.cameras.update(id, {
      deleted_at: null,
      is_active: current.active_before_bin ?? true,
      active_before_bin: null,
      updated_at: new Date().toISOString(),
    }))!;
    await this.audit.record(context, {
      action: 'camera.restore',
      entityType: 'camera',
      entityId: id,
      details: { forced: force },
    });
    this.#emit({ kind: 'restored', camera: row, sourceChanged: true, credentialsChanged: false });
    return this.#respond(row);
  }

  /**
   * Irreversible. Recording files go first: if that fails the database is untouched and the request can be
   * retried. Then every row of the camera goes in one transaction.
   */
  async hardDelete(context: RequestContext, id: number, phrase: string): Promise<HardDeleteResult> {
    const camera = await this.access.require(context.principal, id, 'hard_delete', { includeBinned: true });
    if (camera.deleted_at === null) {
      throw new ConflictError({
        code: 'not_binned',
        message: 'Move the camera to the bin before deleting it for good',
      });
    }
    const expected = hardDeletePhrase(camera.name);
    if (phrase !== expected) {
      throw new BadRequestError({
        code: 'confirmation_mismatch',
        message: 'The confirmation phrase does not match',
        expected,
      });
    }
    const freed = await this.#deleteRecordings(id);
    await this.cameras.hardDelete(id);
    this.status.forget(id);
    await this.audit.record(context, {
      action: 'camera.hard_delete',
      entityType: 'camera',
      entityId: id,
      details: { name: camera.name, recordings_deleted: freed.files, bytes_freed: freed.bytes },
    });
    this.#emit({ kind: 'deleted', camera, sourceChanged: false, credentialsChanged: false });
    return {
      camera_id: id,
      camera_name: camera.name,
      recordings_deleted: freed.files,
      bytes_freed: freed.bytes,
    };
  }

  /**
   * Every recording file of the camera: its directory (configured or `cam-<id>`), its default directory when a
   * `recording_path` moved it, and indexed chunks left in a directory it used before.
   */
  async #deleteRecordings(id: number): Promise<{ files: number; bytes: number }> {
    const root = this.recordingsRoot;
    const dirs = [
      ...new Set([
        cameraRecordingDir(root, id, await this.cameras.recordingPath(id)),
        cameraRecordingDir(root, id, null),
      ]),
    ];
    const elsewhere = (await this.cameras.recordingFiles(id)).filter(
      (path) => !dirs.some((dir) => isWithin(dir, resolve(root, path))),
    );
    const freed = await deleteRecordingFiles(root, elsewhere);
    for (const dir of dirs) {
      const inDir = await deleteRecordingDir(root, dir);
      freed.files += inDir.files;
      freed.bytes += inDir.bytes;
    }
    return freed;
  }

  /** For the media layer: a camera without an authorization check (binned ones included). */
  find(id: number): Promise<CameraRow | undefined> {
    return this.cameras.findById(id);
  }

  /** For the media layer: every camera id, binned ones included. */
  allIds(): Promise<number[]> {
    return this.cameras.allIds();
  }

  /** For the recording watch: the cameras that should be recorded (active, not binned, recording enabled). */
  recordingWanted(): Promise<{ id: number; name: string }[]> {
    return this.cameras.recordingWanted();
  }

  /** Stored credentials, decrypted, for the media layer and device management. Never for responses. */
  async credentials(id: number): Promise<{ username: string | null; password: string | null }> {
    const camera = await this.cameras.findById(id);
    return {
      username: camera?.username ?? null,
      password: camera?.password_sealed ? this.secrets.open(camera.password_sealed, PASSWORD_PURPOSE) : null,
    };
  }

  async #guardDuplicates(
    ownerId: number,
    match: { rtspUrl: string | null; ipAddress: string; port: number },
    excludeId?: number,
  ): Promise<void> {
    const duplicates = await this.cameras.findDuplicates(ownerId, match, excludeId);
    if (duplicates.length > 0) {
      throw new ConflictError({
        code: 'duplicate_camera',
        message: 'You already have a camera for this stream; pass force=true to add it anyway',
        duplicates,
      });
    }
  }

  async #respond(row: CameraRow, recordingEnabled?: boolean | null): Promise<CameraResponse> {
    const [enabled, assignments] = await Promise.all([
      recordingEnabled === undefined ? this.cameras.recordingEnabled(row.id) : recordingEnabled,
      this.skills.assignmentsFor([row.id]),
    ]);
    return this.#toResponse(row, enabled, assignments.get(row.id) ?? []);
  }

  #toResponse(row: CameraRow, recordingEnabled: boolean | null, assignments: Assignment[]): CameraResponse {
    // Written out field by field: lists build hundreds of these, and object rest/spread copies were the
    // largest cost of GET /cameras.
    const status = this.status.get(row.id, recordingEnabled);
    return {
      id: row.id,
      name: row.name,
      ip_address: row.ip_address,
      owner_id: row.owner_id,
      is_active: row.is_active,
      created_at: row.created_at,
      updated_at: row.updated_at,
      deleted_at: row.deleted_at,
      port: row.port,
      status: row.status,
      description: row.description,
      location: row.location,
      display_aspect_ratio: row.display_aspect_ratio,
      firmware_version: row.firmware_version,
      hardware_id: row.hardware_id,
      serial_number: row.serial_number,
      model: row.model,
      manufacturer: row.manufacturer,
      vlan: row.vlan,
      username: row.username,
      rtsp_url: row.rtsp_url,
      substream_url: row.substream_url,
      onvif_xaddr: row.onvif_xaddr,
      assignments,
      recording_enabled: recordingEnabled,
      password_set: row.password_sealed !== null,
      last_recording_at: status.last_recording_at,
      live_online: status.live_online,
      media_server_provisioned: status.media_server_provisioned,
      recording_state: status.recording_state,
      stream_action: status.stream_action,
      stream_warning: status.stream_warning,
      motion_active: status.motion_active,
      restream_readers: status.restream_readers,
    };
  }

  async #deletedInfo(row: CameraRow): Promise<DeletedCameraInfo> {
    const dir = cameraRecordingDir(this.recordingsRoot, row.id, await this.cameras.recordingPath(row.id));
    return {
      id: row.id,
      name: row.name,
      ip_address: row.ip_address,
      owner_id: row.owner_id,
      deleted_at: row.deleted_at!,
      path: relativeToRoot(this.recordingsRoot, dir),
      location: row.location,
    };
  }

  #emit(change: CameraChange): void {
    this.events.emit('camera.changed', change);
  }
}
