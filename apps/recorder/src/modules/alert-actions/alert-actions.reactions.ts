// Every alert the recorder stores is offered to the notification actions (webhook, SMS), awaited by `raise`.
import type { RecorderEventBus } from '../recorder-events.js';
import type { AlertActionsService } from './alert-actions.service.js';

export function alertActionReactions(
  events: RecorderEventBus,
  actions: Pick<AlertActionsService, 'alertCreated'>,
): () => void {
  return events.on('alert.raised', ({ alert }) => actions.alertCreated(alert));
}
