// How live view follows changes: a camera binned, paused, read differently or no longer readable here drops its
// live sessions (camera-runtime.reactions.ts says when, after the camera's streams were refreshed).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { LiveService } from './live.service.js';

export function liveReactions(events: RecorderEventBus, live: Pick<LiveService, 'refresh'>): () => void {
  return removeAll([events.on('camera.runtime-changed', ({ cameraId }) => live.refresh(cameraId))]);
}
