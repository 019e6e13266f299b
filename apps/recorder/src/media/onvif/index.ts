export { OnvifError } from './errors.js';
export type { OnvifErrorKind, OnvifFaultDetail } from './errors.js';
export { DEFAULT_DEVICE_SERVICE_PATH, OnvifDeviceClient, deviceServiceUrl } from './device-client.js';
export type {
  CreatableUserLevel,
  OnvifDeviceClientOptions,
  OnvifDeviceInformation,
  OnvifDeviceUser,
  OnvifUserLevel,
} from './device-client.js';
export { OnvifMediaClient, inspectDevice } from './media-client.js';
export type { DeviceInspection, InspectedProfile, OnvifProfile } from './media-client.js';
export {
  DEFAULT_DISCOVERY_TIMEOUT_MS,
  MAX_DISCOVERY_TIMEOUT_MS,
  discoverDevices,
  ipv4Interfaces,
} from './discovery.js';
export type { DiscoveredDevice, DiscoveryOptions } from './discovery.js';
export { passwordDigest } from './wsse.js';
export { OnvifPtzClient, PTZ_NS, openPtz } from './ptz-client.js';
export type { PtzCapabilities, PtzPreset, PtzRange, PtzVelocity } from './ptz-client.js';
