// What the cameras module announces when a camera changes ('camera.changed', modules/recorder-events.ts).
import type { CameraRow } from './cameras.repository.js';

export type CameraChangeKind = 'created' | 'updated' | 'binned' | 'restored' | 'deleted';

/** What changed, so listeners (transport-security probe, recording and live pipelines) react only when needed. */
export interface CameraChange {
  kind: CameraChangeKind;
  camera: CameraRow;
  /** address, port or stream URL changed */
  sourceChanged: boolean;
  /** username or password changed */
  credentialsChanged: boolean;
}
