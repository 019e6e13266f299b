// What the metrics follow: each indexed chunk (bytes written, gaps) and deleted cameras (their series go).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { RecorderMetrics } from './recorder-metrics.js';

export function metricsReactions(
  events: RecorderEventBus,
  metrics: Pick<RecorderMetrics, 'chunkIndexed' | 'cameraRemoved'>,
): () => void {
  return removeAll([
    events.on('recording.chunk-indexed', (chunk) => metrics.chunkIndexed(chunk)),
    events.on('camera.changed', (change) => {
      if (change.kind === 'deleted') metrics.cameraRemoved(change.camera.id);
    }),
  ]);
}
