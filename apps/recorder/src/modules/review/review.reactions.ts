// How review items follow the rest: tracked objects moving on, zone entries, alerts, faces recognised (names) and
// indexed chunks (clips).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { ReviewBuilder } from './review-builder.js';

export function reviewReactions(
  events: RecorderEventBus,
  builder: Pick<
    ReviewBuilder,
    'tracked' | 'zoneEntered' | 'alertRaised' | 'facesRecognised' | 'chunkIndexed'
  >,
): () => void {
  return removeAll([
    events.on('objects.tracked', (update) => builder.tracked(update)),
    events.on('zone.entered', (entry) => builder.zoneEntered(entry)),
    events.on('alert.raised', (raised) => builder.alertRaised(raised)),
    events.on('faces.recognised', (seen) => builder.facesRecognised(seen)),
    events.on('recording.chunk-indexed', (chunk) => builder.chunkIndexed(chunk)),
  ]);
}
