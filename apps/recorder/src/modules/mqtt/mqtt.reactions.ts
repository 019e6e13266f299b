// How the MQTT bridge follows the recorder: cameras and their configs (states, discovery, removal), motion,
// which cameras this node runs (cluster), tracked objects (counts, the last picture), zone presence, alerts, recording notices (online, recording state), and the
// changes that need a new connection (the media-source CA, a restored backup).
import type { RecorderEventBus } from '../recorder-events.js';
import { removeAll } from '../reactions.js';
import type { MqttService } from './mqtt.service.js';

export function mqttReactions(
  events: RecorderEventBus,
  mqtt: Pick<
    MqttService,
    | 'cameraChanged'
    | 'camerasChanged'
    | 'cameraOwnershipChanged'
    | 'motionChanged'
    | 'tracked'
    | 'zoneChanged'
    | 'alertRaised'
    | 'restart'
  >,
): () => void {
  return removeAll([
    events.on('camera.changed', ({ camera }) => mqtt.cameraChanged(camera.id)),
    events.on('camera-config.changed', ({ cameraId }) => mqtt.cameraChanged(cameraId)),
    events.on('recording.notice', (notice) => {
      if (notice.cameraId === null) mqtt.camerasChanged();
      else mqtt.cameraChanged(notice.cameraId);
    }),
    events.on('camera.ownership-changed', ({ cameraId, owned }) =>
      mqtt.cameraOwnershipChanged(cameraId, owned),
    ),
    events.on('motion.changed', ({ cameraId, active }) => mqtt.motionChanged(cameraId, active)),
    events.on('objects.tracked', (update) => mqtt.tracked(update)),
    events.on('zone.entered', (presence) => mqtt.zoneChanged(presence, true)),
    events.on('zone.exited', (presence) => mqtt.zoneChanged(presence, false)),
    events.on('alert.raised', ({ alert }) => mqtt.alertRaised(alert)),
    events.on('media-tls.changed', () => void mqtt.restart()),
    events.on('backup.restored', () => mqtt.restart()),
    // Settings saved through another node: this node's session follows (each empties what it published).
    events.on('mqtt-settings.changed', ({ withdraw }, { relayed }) => relayed && mqtt.restart({ withdraw })),
  ]);
}
