// /health, /capabilities and /hardware/evaluation in the OpenNVR contract's shapes, built from the native
// StatusService: the same status, fingerprint, permissions and hardware verdict, renamed and reshaped. Upstream's
// envelopes forbid extra fields, so nothing native is passed through beyond what these shapes name.
import type { CapabilityCard } from '@nvr/contracts';
import { MODEL_NAMES } from '../../models/catalog.js';
import { ADAPTER_VERSION, type StatusService } from '../../status.js';
import { modelIdentity } from './tasks.js';
import type { OpenNvrService } from './service.js';

export const CONTRACT_VERSIONS = ['1'];
const ADAPTER_NAME = 'nvr-adapter';

/** The whole adapter's model identity (every built-in model, as the native card names it). */
const adapterModel = () => modelIdentity(MODEL_NAMES);

export function health(status: StatusService) {
  const native = status.health();
  const model = adapterModel();
  return {
    status: native.status,
    adapter_name: ADAPTER_NAME,
    adapter_version: ADAPTER_VERSION,
    model_name: model.name,
    model_version: model.version,
    started_at: native.started_at,
    uptime_seconds: native.uptime_seconds,
  };
}

/** `maxStreams` is ADAPTER_STREAM_MAX_SOCKETS, which the stream enforces. */
export async function capabilities(status: StatusService, compat: OpenNvrService, maxStreams: number) {
  const card = await status.card();
  const tasks = compat.tasksAdvertised();
  return {
    adapter: {
      name: ADAPTER_NAME,
      version: ADAPTER_VERSION,
      vendor: card.adapter.vendor,
      license: card.adapter.license,
      model_card_url: null,
      supported_contract_versions: CONTRACT_VERSIONS,
    },
    model: {
      ...adapterModel(),
      framework: card.model.framework,
      size_mb: null,
      modalities_in: ['image'],
      modalities_out: [
        'bbox_classes',
        ...(tasks.includes('face_detection') ? ['face_attributes'] : []),
        ...(tasks.includes('image_captioning') ? ['text'] : []),
      ],
      fingerprint: card.model.fingerprint,
    },
    endpoints: {
      infer: { supported: true, input_content_types: ['multipart/form-data', 'application/json'] },
      infer_stream: {
        supported: true,
        max_concurrent_streams: maxStreams,
        supports_shared_memory: false,
        shared_memory_protocol_version: null,
      },
      extra: [],
    },
    tasks_advertised: tasks,
    permissions: card.permissions,
    scheduling: {
      max_inflight: card.scheduling.max_inflight,
      preferred_batch_size: card.scheduling.preferred_batch_size,
      // The native tracker is per camera but there is no per-camera queue: requests are served first come.
      fair_queuing: 'none',
    },
    cost: {
      currency: card.cost.currency,
      estimated_per_call: card.cost.estimated_per_call,
      estimated_per_hour: 0,
      rate_limit_per_minute: null,
      is_metered: card.cost.is_metered,
    },
    // v1.1: the detector KAI-C's Tier-0 pipeline may send region crops to (CenterNet, as in the native card).
    ...(card.detector ? { detector: detectorSpec(card.detector, card.accelerator) } : {}),
  };
}

function detectorSpec(
  detector: NonNullable<CapabilityCard['detector']>,
  accelerator: CapabilityCard['accelerator'],
) {
  return {
    input: {
      width: detector.input.width,
      height: detector.input.height,
      layout: detector.input.layout.toLowerCase(),
      // CenterNet takes float pixels in 0–255: upstream's (and Frigate's) `float_denorm`.
      dtype: 'float_denorm',
      pixel_format: detector.input.pixel_format.toLowerCase(),
    },
    accelerator,
    labels: detector.labels,
    max_detections: detector.max_detections,
  };
}

/** Identity labels of `adapter_model_info`, the same values the card shows. */
export async function modelInfoLabels(status: StatusService): Promise<Record<string, string>> {
  const card = await status.card();
  const model = adapterModel();
  return {
    adapter: ADAPTER_NAME,
    adapter_version: ADAPTER_VERSION,
    model: model.name,
    model_version: model.version,
    framework: card.model.framework,
    fingerprint: card.model.fingerprint,
  };
}

/** The native verdict already has upstream's shape: {verdict: ok|warn|blocked, reasoning, checked_at, details}. */
export async function hardwareEvaluation(status: StatusService) {
  const { verdict, reasoning, checked_at, details } = await status.hardwareEvaluation();
  return { verdict, reasoning, checked_at, details };
}
