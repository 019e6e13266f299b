export { OnvifError } from './errors.js';
export type { OnvifErrorKind, OnvifFaultDetail } from './errors.js';
export { DEFAULT_DEVICE_SERVICE_PATH, OnvifDeviceClient, deviceServiceUrl } from './device-client.js';
export type {
  CreatableUserLevel,
  OnvifDeviceClientOptions,
  OnvifDeviceUser,
  OnvifUserLevel,
} from './device-client.js';
export { passwordDigest } from './wsse.js';
