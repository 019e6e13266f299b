// Cloud settings (API.md §12, superuser): S3-compatible recording upload and cloud streaming. Secrets (S3 secret
// key, streaming auth token) are sealed and only reported as *_set. Switching recording or streaming on needs
// egress (403 cloud_egress_disabled otherwise) and, for recording, a complete S3 configuration (422).
import { requireSuperuser } from '../../../platform/auth/guards.js';
import type { RequestContext } from '../../../platform/auth/principal.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { FieldValidationError } from '../../../platform/http/errors.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { CloudEgress } from './cloud-egress.js';
import type { CloudSettingsRepository, CloudSettingsRow } from './cloud-settings.repository.js';
import type { CloudSettingsIn, CloudSettingsResponse } from './cloud-settings.schemas.js';
import type { RecorderEventBus } from '../../recorder-events.js';

export const SECRET_KEY_PURPOSE = 'cloud.s3_secret_key';
export const AUTH_TOKEN_PURPOSE = 'cloud.streaming_auth_token';
export const DEFAULT_S3_REGION = 'us-east-1';

/** What the uploader needs, secrets opened. */
export interface S3Target {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  storageClass: string | null;
  useByok: boolean;
  /** changes whenever the settings change (client cache key) */
  version: string;
}

export class CloudSettingsService {
  constructor(
    private readonly repository: CloudSettingsRepository,
    private readonly secretBox: SecretBox,
    private readonly egress: CloudEgress,
    private readonly audit: AuditService,
    private readonly events: RecorderEventBus,
  ) {}

  async get(context: RequestContext): Promise<CloudSettingsResponse> {
    requireSuperuser(context.principal);
    return toResponse(await this.current());
  }

  async update(context: RequestContext, body: CloudSettingsIn): Promise<CloudSettingsResponse> {
    requireSuperuser(context.principal);
    const current = await this.current();
    const next: CloudSettingsRow = { ...current };
    const changed: string[] = [];
    const set = <K extends keyof CloudSettingsRow>(key: K, value: CloudSettingsRow[K], name: string) => {
      if (next[key] !== value) changed.push(name);
      next[key] = value;
    };
    const r = body.recording;
    if (r) {
      if (r.enabled !== undefined) set('recording_enabled', r.enabled, 'recording.enabled');
      if (r.use_byok !== undefined) set('use_byok', r.use_byok, 'recording.use_byok');
      if (r.access_key !== undefined) set('access_key', r.access_key, 'recording.access_key');
      if (r.secret_key === null) set('secret_key_sealed', null, 'recording.secret_key');
      else if (r.secret_key)
        set(
          'secret_key_sealed',
          this.secretBox.seal(r.secret_key, SECRET_KEY_PURPOSE),
          'recording.secret_key',
        );
      if (r.bucket !== undefined) set('bucket', r.bucket, 'recording.bucket');
      if (r.region !== undefined) set('region', r.region, 'recording.region');
      if (r.server_url !== undefined) set('server_url', r.server_url, 'recording.server_url');
      if (r.storage_class !== undefined) set('storage_class', r.storage_class, 'recording.storage_class');
    }
    const s = body.streaming;
    if (s) {
      if (s.enabled !== undefined) set('streaming_enabled', s.enabled, 'streaming.enabled');
      if (s.protocol !== undefined) set('streaming_protocol', s.protocol, 'streaming.protocol');
      if (s.video_codec !== undefined) set('streaming_video_codec', s.video_codec, 'streaming.video_codec');
      if (s.encryption !== undefined) set('streaming_encryption', s.encryption, 'streaming.encryption');
      if (s.server_url !== undefined) set('streaming_server_url', s.server_url, 'streaming.server_url');
      if (s.auth_token === null) set('streaming_auth_token_sealed', null, 'streaming.auth_token');
      else if (s.auth_token)
        set(
          'streaming_auth_token_sealed',
          this.secretBox.seal(s.auth_token, AUTH_TOKEN_PURPOSE),
          'streaming.auth_token',
        );
    }
    return this.#save(context, current, next, changed);
  }

  async setRecordingEnabled(context: RequestContext, enabled: boolean): Promise<CloudSettingsResponse> {
    requireSuperuser(context.principal);
    const current = await this.current();
    const changed = current.recording_enabled === enabled ? [] : ['recording.enabled'];
    return this.#save(context, current, { ...current, recording_enabled: enabled }, changed);
  }

  async setStreamingEnabled(context: RequestContext, enabled: boolean): Promise<CloudSettingsResponse> {
    requireSuperuser(context.principal);
    const current = await this.current();
    const changed = current.streaming_enabled === enabled ? [] : ['streaming.enabled'];
    return this.#save(context, current, { ...current, streaming_enabled: enabled }, changed);
  }

  /** The stored settings, read afresh (another node may have changed them). */
  current(): Promise<CloudSettingsRow> {
    return this.repository.get();
  }

  /** The upload target while cloud recording is on and complete; null otherwise. */
  async s3Target(): Promise<S3Target | null> {
    const s = await this.current();
    if (!s.recording_enabled || !s.server_url || !s.bucket || !s.access_key || !s.secret_key_sealed)
      return null;
    return {
      endpoint: s.server_url,
      bucket: s.bucket,
      region: s.region ?? DEFAULT_S3_REGION,
      accessKey: s.access_key,
      secretKey: this.secretBox.open(s.secret_key_sealed, SECRET_KEY_PURPOSE),
      storageClass: s.storage_class,
      useByok: s.use_byok,
      version: s.updated_at ?? '',
    };
  }

  async #save(
    context: RequestContext,
    current: CloudSettingsRow,
    next: CloudSettingsRow,
    changed: string[],
  ): Promise<CloudSettingsResponse> {
    const switchingOn =
      (next.recording_enabled && !current.recording_enabled) ||
      (next.streaming_enabled && !current.streaming_enabled);
    if (switchingOn) this.egress.require();
    if (next.recording_enabled) requireCompleteRecording(next);
    if (changed.length === 0) return toResponse(current);
    next.updated_at = new Date().toISOString();
    await this.repository.save(next);
    await this.audit.record(context, {
      action: 'cloud_settings.update',
      entityType: 'cloud_settings',
      details: { changed },
    });
    this.events.emit('cloud-settings.changed', {});
    return toResponse(next);
  }
}

function requireCompleteRecording(s: CloudSettingsRow): void {
  const missing = (field: string) =>
    new FieldValidationError(
      ['body', 'recording', field],
      'Required while cloud recording is enabled',
      'missing',
    );
  if (!s.server_url) throw missing('server_url');
  if (!s.bucket) throw missing('bucket');
  if (!s.access_key) throw missing('access_key');
  if (!s.secret_key_sealed) throw missing('secret_key');
}

function toResponse(s: CloudSettingsRow): CloudSettingsResponse {
  return {
    recording: {
      enabled: s.recording_enabled,
      use_byok: s.use_byok,
      access_key: s.access_key,
      secret_key_set: s.secret_key_sealed !== null,
      bucket: s.bucket,
      region: s.region,
      server_url: s.server_url,
      storage_class: s.storage_class,
    },
    streaming: {
      enabled: s.streaming_enabled,
      protocol: s.streaming_protocol,
      video_codec: s.streaming_video_codec,
      encryption: s.streaming_encryption,
      server_url: s.streaming_server_url,
      auth_token_set: s.streaming_auth_token_sealed !== null,
    },
    updated_at: s.updated_at,
  };
}
