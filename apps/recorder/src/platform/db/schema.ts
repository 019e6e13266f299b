// Row types of every table, as Kysely sees them. Timestamps are ISO-8601 UTC strings on both dialects
// (lexicographic order is chronological), booleans are real booleans (see sqlite-driver.ts).
import type { Generated, Selectable } from 'kysely';
import type { EvidenceLink } from '../crypto/evidence.js';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username: uniqueness and login are case-insensitive */
  username_key: string;
  email: string | null;
  password_hash: string;
  is_active: boolean;
  is_superuser: boolean;
  created_at: string;
  updated_at: string | null;
  last_login_at: string | null;
  /**
   * Access tokens and URL tickets carry the epoch their user had when they were issued and are valid only while it
   * is still the user's epoch (see platform/auth/jwt.ts); logout, a password change and deactivation move it on.
   */
  token_epoch: Generated<number>;
  /** Still the password the recorder generated on first start: the web app asks for a new one. */
  password_change_required: Generated<boolean>;
  /** HA1 of RTSP Digest authentication, sealed (modules/users/digest-credentials.ts); null until a password is known */
  digest_ha1_sealed: Generated<string | null>;
}

export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  user_id: number;
  expires_at: string;
  /** the token's `iat` (whole seconds): with `jti` and `expires_at` it signs the same token again */
  created_at: string;
  revoked_at: string | null;
  /** the successor's `jti` when a refresh rotated this token (null, the default: current, or ended otherwise) */
  replaced_by: Generated<string | null>;
  /** digest of the client (address and user agent) whose refresh rotated it (modules/auth/refresh-rotation.ts) */
  rotated_client: Generated<string | null>;
}

/** Login attempts of one username from one source, or (username_key '') of one source across usernames. */
export interface LoginThrottleTable {
  username_key: string;
  /** the client's IPv4 address or IPv6 /64 (see modules/auth/login-throttle.ts) */
  source: string;
  /** attempts counted since the count last started over (reserved before the password is checked) */
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface AuditLogsTable {
  id: Generated<number>;
  timestamp: string;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  user_id: number | null;
  username: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON text */
  details: string | null;
}

export interface CamerasTable {
  id: Generated<number>;
  name: string;
  ip_address: string;
  owner_id: number;
  is_active: boolean;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  active_before_bin: boolean | null;
  port: number;
  status: string | null;
  description: string | null;
  location: string | null;
  display_aspect_ratio: string | null;
  firmware_version: string | null;
  hardware_id: string | null;
  serial_number: string | null;
  model: string | null;
  manufacturer: string | null;
  vlan: string | null;
  username: string | null;
  /** SecretBox output (purpose `camera.password`) */
  password_sealed: string | null;
  rtsp_url: string | null;
  substream_url: string | null;
  /** the ONVIF device service URL (0026); null: no ONVIF endpoint known, so no PTZ */
  onvif_xaddr: string | null;
}

export interface CameraConfigsTable {
  id: Generated<number>;
  camera_id: number;
  auto_restart: boolean;
  max_restart_attempts: number;
  proxy_enabled: boolean;
  recording_enabled: boolean;
  recording_path: string | null;
  recording_segment_seconds: number;
  rtmp_publisher: boolean;
  webrtc_publisher: boolean;
  rtsp_transport: string | null;
  source_url: string | null;
  extra_options: string | null;
  stream_protocol: string;
  transport_security: string;
  transport_security_operator_set: boolean;
  transport_security_probe_result: string;
  transport_security_probed_at: string | null;
  /** the port the last probe connected to: where a plain rtsp:// source is upgraded to RTSPS (null → 322) */
  transport_security_probe_port: number | null;
  last_provisioned_at: string | null;
  last_stream_start: string | null;
  stream_active: boolean;
  stream_failures: number;
  /** which stream AI frames read: 'main' or 'sub' (the substream when the camera has one) */
  detect_stream: string;
  /** which stream grid tiles read */
  grid_stream: string;
  /** live AI detection runs on this camera (switched off, the detection loop skips it) */
  detection_enabled: boolean;
}

export interface CameraPermissionsTable {
  camera_id: number;
  user_id: number;
  can_view: boolean;
  can_manage: boolean;
  created_at: string;
}

export interface CameraAssignmentsTable {
  camera_id: number;
  skill: string;
  labels: string | null;
  position: number;
}

export interface SkillConsumersTable {
  camera_id: number;
  skill: string;
  consumer: string;
  params: string | null;
  declared_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  type: string;
  camera_id: number | null;
  source: string;
  severity: string | null;
  timestamp: string;
  /** JSON text */
  data: string;
}

export interface AlertsTable {
  id: Generated<number>;
  camera_id: number | null;
  source_name: string;
  severity: string;
  severity_rank: number;
  title: string;
  message: string;
  created_at: string;
  acknowledged: boolean;
  acknowledged_at: string | null;
  /** username of who acknowledged it */
  acknowledged_by: string | null;
  acknowledged_by_id: number | null;
  /** JSON text */
  data: string;
}

export interface AlertActionConfigTable {
  id: number;
  min_severity: string;
  webhook_enabled: boolean;
  /** SecretBox output (purpose `alerts.webhook_url`): the URL may carry credentials or tokens (0012) */
  webhook_url_sealed: string | null;
  /** SecretBox output (purpose `alerts.webhook_secret`) */
  webhook_secret_sealed: string | null;
  /** SecretBox output (purpose `alerts.webhook_headers`) of a JSON object of header name → value (0012) */
  webhook_headers_sealed: string | null;
  telephony_enabled: boolean;
  telephony_account_sid: string | null;
  /** SecretBox output (purpose `alerts.telephony_auth_token`) */
  telephony_auth_token_sealed: string | null;
  telephony_from_number: string | null;
  /** JSON text */
  telephony_to_numbers: string | null;
  telephony_base_url: string | null;
  updated_at: string | null;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  alert_id: number;
  channel: string;
  target: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface RecordingsTable {
  id: Generated<number>;
  camera_id: number;
  start_ms: number;
  end_ms: number;
  duration_seconds: number;
  size_bytes: number;
  path: string;
  created_at: string;
  /** the node whose disk holds the chunk (null: recorded before clustering, until the first node claims it) */
  node_id: string | null;
}

/** A recorder process sharing this database (issue #22). */
export interface NodesTable {
  id: string;
  name: string;
  url: string;
  version: string;
  /** the most cameras it runs; also its weight when cameras are shared out */
  capacity: number;
  state: 'active' | 'draining';
  started_at: string;
  /** its last heartbeat on the database's clock, unix ms */
  heartbeat_ms: number;
}

/** Which node runs a camera's pipelines; `fence` goes up at every change of hands and guards their writes. */
export interface CameraLeasesTable {
  camera_id: number;
  node_id: string;
  fence: number;
  /** on the database's clock, unix ms */
  expires_ms: number;
}

/** The runtime status the node running a camera last reported (JSON of CameraRuntimeStatus fields). */
export interface CameraRuntimeTable {
  camera_id: number;
  node_id: string;
  status: string;
  updated_at: string;
}

/** Proof that a node has the cluster's MASTER_KEY and JWT_SECRET (one row, id 1; nothing secret in it). */
export interface ClusterSecretsTable {
  id: number;
  /** a constant sealed with the master key */
  master_key_check: string;
  /** HMAC-SHA256 of a constant with the JWT secret */
  jwt_secret_check: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface LayoutsTable {
  user_id: number;
  layout_id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  grid_columns: number;
  grid_rows: number;
  /** JSON array of tiles (objects of string → integer) */
  tiles: string;
  created_at: string;
  updated_at: string | null;
}

export interface AppsTable {
  id: string;
  name: string;
  version: string;
  url: string;
  sdk_version: string | null;
  /** JSON object */
  manifest: string;
  /** JSON array of the rights the manifest asks for */
  permissions: string;
  enabled: boolean;
  user_id: number | null;
  /** SHA-256 hex of the API key */
  api_key_hash: string | null;
  api_key_created_at: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface MediaTlsTable {
  id: number;
  cert_pem: string | null;
  /** SecretBox output (purpose `media_tls.private_key`) */
  key_sealed: string | null;
  ca_bundle_pem: string | null;
  updated_at: string;
}

export interface AiModelsTable {
  id: Generated<number>;
  name: string;
  model_name: string;
  task: string;
  enabled: boolean;
  source_type: string;
  inference_interval: number | null;
  assigned_camera_id: number | null;
  /** JSON object text */
  config: string | null;
  recording_path: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface AiDetectionResultsTable {
  id: Generated<number>;
  model_id: number;
  camera_id: number | null;
  task: string;
  label: string | null;
  caption: string | null;
  annotated_image_uri: string | null;
  confidence: number | null;
  count: number | null;
  bbox_x: number | null;
  bbox_y: number | null;
  bbox_width: number | null;
  bbox_height: number | null;
  latency_ms: number | null;
  executed_at: string | null;
  created_at: string;
}

export interface AiAdaptersTable {
  id: Generated<number>;
  name: string;
  url: string;
  created_at: string;
  /** bearer token sent to the adapter, SecretBox output (0008); never returned */
  token_sealed: string | null;
}

export interface AiRecordingFilesTable {
  model_id: number;
  path: string;
  frames: number;
  analysed_at: string;
}

export interface CloudCredentialsTable {
  id: string;
  user_id: number;
  provider: string;
  token_sealed: string;
  account_info: string | null;
  created_at: string;
  updated_at: string | null;
}

export interface CloudModelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  provider: string;
  credential_id: string;
  model_id: string;
  task: string;
  config: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string | null;
}

export interface CloudResultsTable {
  id: string;
  user_id: number;
  model_id: number | null;
  job_id: string | null;
  provider: string;
  model_identifier: string;
  task: string;
  status: string;
  result_json: string | null;
  error_message: string | null;
  latency_ms: number | null;
  executed_at: string;
}

export interface CloudJobsTable {
  id: string;
  user_id: number;
  model_id: number;
  provider: string;
  task: string;
  inputs: string;
  parameters: string | null;
  status: string;
  result_id: string | null;
  error_message: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  next_attempt_at: string | null;
  locked_until: string | null;
  lease_token: string | null;
}

export interface CloudSettingsTable {
  id: number;
  recording_enabled: boolean;
  use_byok: boolean;
  access_key: string | null;
  secret_key_sealed: string | null;
  bucket: string | null;
  region: string | null;
  server_url: string | null;
  storage_class: string | null;
  streaming_enabled: boolean;
  streaming_protocol: string;
  streaming_video_codec: string;
  streaming_encryption: string;
  streaming_server_url: string | null;
  streaming_auth_token_sealed: string | null;
  updated_at: string | null;
}

export interface CloudUploadsTable {
  id: Generated<number>;
  camera_id: number;
  recording_path: string;
  object_key: string;
  size_bytes: number;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  uploaded_at: string | null;
  /** the node whose disk holds the chunk: the only one that uploads it (null: queued before clustering) */
  node_id: string | null;
}

export interface StreamTargetsTable {
  target_id: string;
  camera_id: number;
  enabled: boolean;
  protocol: string;
  server_url: string;
  stream_key_sealed: string | null;
  use_tls: boolean;
  use_custom_ca: boolean;
  video_codec: string;
  video_bitrate: string | null;
  audio_codec: string;
  audio_bitrate: string | null;
  max_reconnect_attempts: number;
  reconnect_delay_seconds: number;
  created_at: string;
  updated_at: string | null;
}

export interface CameraMotionTable {
  camera_id: number;
  enabled: boolean;
  fps: number;
  threshold: number;
  min_area: number;
  /** JSON array of polygons */
  masks: string;
  updated_at: string;
}

export interface CameraZonesTable {
  camera_id: number;
  /** JSON array of zones (name, polygon, labels, alert rule) */
  zones: string;
  updated_at: string;
}

export interface ReviewItemsTable {
  id: Generated<number>;
  camera_id: number;
  start_ms: number;
  end_ms: number | null;
  clip_from_ms: number;
  clip_to_ms: number | null;
  severity: string;
  /** JSON arrays */
  labels: string;
  zones: string;
  track_ids: string;
  boxes: string;
  /** the people the face gallery recognised during the incident, as the gallery spells them (JSON array) */
  names: string;
  has_snapshot: boolean;
  /** when the snapshot's picture was taken (null: no snapshot, or one from before this was kept) */
  snapshot_ms: number | null;
  clip_status: string;
  reviewed: boolean;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** the node whose DATA_DIR holds the item's files (null: from before clustering) */
  node_id: string | null;
}

export interface CameraReviewSettingsTable {
  camera_id: number;
  pre_roll_seconds: number;
  post_roll_seconds: number;
  retention_days: number;
  continuous_retention_days: number | null;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_throttle: LoginThrottleTable;
  audit_logs: AuditLogsTable;
  cameras: CamerasTable;
  camera_configs: CameraConfigsTable;
  camera_permissions: CameraPermissionsTable;
  camera_assignments: CameraAssignmentsTable;
  skill_consumers: SkillConsumersTable;
  events: EventsTable;
  alerts: AlertsTable;
  alert_action_config: AlertActionConfigTable;
  alert_deliveries: AlertDeliveriesTable;
  recordings: RecordingsTable;
  settings: SettingsTable;
  ai_models: AiModelsTable;
  ai_detection_results: AiDetectionResultsTable;
  ai_adapters: AiAdaptersTable;
  ai_recording_files: AiRecordingFilesTable;
  layouts: LayoutsTable;
  apps: AppsTable;
  media_tls: MediaTlsTable;
  cloud_credentials: CloudCredentialsTable;
  cloud_models: CloudModelsTable;
  cloud_results: CloudResultsTable;
  cloud_jobs: CloudJobsTable;
  cloud_settings: CloudSettingsTable;
  cloud_uploads: CloudUploadsTable;
  stream_targets: StreamTargetsTable;
  camera_motion: CameraMotionTable;
  camera_zones: CameraZonesTable;
  review_items: ReviewItemsTable;
  camera_review_settings: CameraReviewSettingsTable;
  mqtt_settings: MqttSettingsTable;
  nodes: NodesTable;
  camera_leases: CameraLeasesTable;
  cluster_secrets: ClusterSecretsTable;
  camera_runtime: CameraRuntimeTable;
  evidence_links: EvidenceLinksTable;
  evidence_heads: EvidenceHeadsTable;
  signing_keys: SigningKeysTable;
}

/** One link of a camera's hash chain (issue #37, docs/evidence.md): a chunk indexed or a chunk deleted. */
export interface EvidenceLinksTable extends EvidenceLink {
  id: Generated<number>;
}

/** A chain head signed with the installation's key. */
export interface EvidenceHeadsTable {
  camera_id: number;
  seq: number;
  hash: string;
  signed_at_ms: number;
  signature: string;
  key_fingerprint: string;
}

/** The installation's Ed25519 signing key (one row, id 1), its private half sealed with the master key. */
export interface SigningKeysTable {
  id: number;
  public_key: string;
  private_key_sealed: string;
  created_at: string;
}

/** The MQTT connection's stored settings (one row, id 1); an MQTT_* variable that is set wins over its column. */
export interface MqttSettingsTable {
  id: number;
  enabled: boolean;
  url: string | null;
  username: string | null;
  password_sealed: string | null;
  client_id: string | null;
  topic_prefix: string | null;
  discovery_prefix: string | null;
  discovery_enabled: boolean;
  recorder_id: string;
  updated_at: string | null;
}

// Rows as the repositories read them. Other modules receive them from services and name them from here, never
// from another module's repository (lint rule in eslint.config.js).
export type UserRow = Selectable<UsersTable>;
export type CameraRow = Selectable<CamerasTable>;
export type CameraConfigRow = Selectable<CameraConfigsTable>;
export type AiModelRow = Selectable<AiModelsTable>;
export type CloudResultRow = Selectable<CloudResultsTable>;
export type RecordingRow = Selectable<RecordingsTable>;
export type CloudSettingsRow = Omit<CloudSettingsTable, 'id'>;
