// ONVIF Media (ver10, Profile S): the profiles a device streams and where to read them, plus `inspectDevice`,
// everything the recorder needs to know about a device before adding it as a camera.
import { OnvifError } from './errors.js';
import { expectResponse } from './device-client.js';
import type { OnvifDeviceClient, OnvifDeviceInformation, OnvifService } from './device-client.js';
import { MEDIA_NS } from './soap.js';
import { child, childrenNamed, escapeXml, path, textOf } from './xml.js';
import type { XmlElement } from './xml.js';

export interface OnvifProfile {
  token: string;
  name: string;
  /** Video encoder settings; null when the profile has no video encoder configuration. */
  encoding: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** token of the profile's PTZ configuration; null: the profile cannot move the camera */
  ptz_configuration: string | null;
}

export interface InspectedProfile extends OnvifProfile {
  /** RTSP (RTP-Unicast over RTSP) URI, as the device reports it; null if the device has none for it. */
  stream_uri: string | null;
  snapshot_uri: string | null;
}

export interface DeviceInspection {
  /**
   * Device clock minus the recorder's, ms (WS-Security tokens are signed in the device's time); null when the
   * device would not tell (then a rejected token still makes the client learn it, see OnvifDeviceClient).
   */
  time_offset_ms: number | null;
  information: OnvifDeviceInformation;
  media_xaddr: string;
  profiles: InspectedProfile[];
}

export class OnvifMediaClient {
  private readonly service: OnvifService;

  constructor(
    private readonly device: OnvifDeviceClient,
    mediaUrl: URL,
  ) {
    this.service = { url: mediaUrl, namespace: MEDIA_NS };
  }

  async getProfiles(): Promise<OnvifProfile[]> {
    const response = await this.device.invoke(this.service, 'GetProfiles', '<trt:GetProfiles/>');
    expectResponse(response, 'GetProfilesResponse');
    return childrenNamed(response, 'Profiles').map(readProfile);
  }

  /** RTP unicast over RTSP, the transport every Profile S device offers and ffmpeg reads. */
  async getStreamUri(profileToken: string): Promise<string> {
    const body =
      '<trt:GetStreamUri><trt:StreamSetup>' +
      '<tt:Stream>RTP-Unicast</tt:Stream><tt:Transport><tt:Protocol>RTSP</tt:Protocol></tt:Transport>' +
      `</trt:StreamSetup><trt:ProfileToken>${escapeXml(profileToken)}</trt:ProfileToken></trt:GetStreamUri>`;
    const response = await this.device.invoke(this.service, 'GetStreamUri', body);
    expectResponse(response, 'GetStreamUriResponse');
    return requireUri(response, 'GetStreamUri');
  }

  async getSnapshotUri(profileToken: string): Promise<string> {
    const body = `<trt:GetSnapshotUri><trt:ProfileToken>${escapeXml(profileToken)}</trt:ProfileToken></trt:GetSnapshotUri>`;
    const response = await this.device.invoke(this.service, 'GetSnapshotUri', body);
    expectResponse(response, 'GetSnapshotUriResponse');
    return requireUri(response, 'GetSnapshotUri');
  }
}

/**
 * Clock, identity, media service, profiles and their URIs, in that order (the clock first so that every signed
 * call is in the device's time). The media service is always called at the host and port the caller reached the
 * device on, with the path the device reports: devices behind NAT or a port forward report addresses only they
 * can reach, and the caller's address is the one the recorder's host rules were checked against.
 */
export async function inspectDevice(device: OnvifDeviceClient): Promise<DeviceInspection> {
  const timeOffsetMs = await step('GetSystemDateAndTime', () => device.syncClock()).catch((err: unknown) => {
    // Some firmwares want a token even for the clock, against the ONVIF access policy: carry on without it.
    if (err instanceof OnvifError && (err.kind === 'auth' || err.kind === 'fault')) return null;
    throw err;
  });
  const information = await step('GetDeviceInformation', () => device.getDeviceInformation());
  const reported = await step('GetCapabilities', () => device.getMediaServiceUrl());
  if (!reported) throw new OnvifError('protocol', 'the device reports no media service');
  const mediaUrl = new URL(reported.pathname + reported.search, device.url);
  const media = new OnvifMediaClient(device, mediaUrl);
  const profiles: InspectedProfile[] = [];
  for (const profile of await step('GetProfiles', () => media.getProfiles())) {
    profiles.push({
      ...profile,
      stream_uri: await step('GetStreamUri', () => optional(() => media.getStreamUri(profile.token))),
      snapshot_uri: await step('GetSnapshotUri', () => optional(() => media.getSnapshotUri(profile.token))),
    });
  }
  return { time_offset_ms: timeOffsetMs, information, media_xaddr: mediaUrl.toString(), profiles };
}

/** Names the operation in a failure's reason, so "malformed XML" says which answer was malformed. */
async function step<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof OnvifError) || err.reason.startsWith(operation)) throw err;
    throw new OnvifError(err.kind, `${operation}: ${err.reason}`, err.fault);
  }
}

/** A URI a device declines for one profile (a SOAP fault, e.g. no snapshot support) is absent, not fatal. */
async function optional(call: () => Promise<string>): Promise<string | null> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof OnvifError && err.kind === 'fault') return null;
    throw err;
  }
}

function readProfile(profile: XmlElement): OnvifProfile {
  const token = profile.attributes['token'];
  if (!token) throw new OnvifError('protocol', 'GetProfiles returned a profile without a token');
  const encoder = child(profile, 'VideoEncoderConfiguration');
  const number = (element: XmlElement | undefined) => {
    const value = Number(textOf(element));
    return textOf(element) && Number.isFinite(value) && value > 0 ? value : null;
  };
  return {
    token,
    name: textOf(child(profile, 'Name')) || token,
    encoding: textOf(child(encoder, 'Encoding')) || null,
    width: number(path(encoder, 'Resolution', 'Width')),
    height: number(path(encoder, 'Resolution', 'Height')),
    fps: number(path(encoder, 'RateControl', 'FrameRateLimit')),
    ptz_configuration: child(profile, 'PTZConfiguration')?.attributes['token'] ?? null,
  };
}

function requireUri(response: XmlElement, operation: string): string {
  const uri = textOf(path(response, 'MediaUri', 'Uri'));
  if (!uri) throw new OnvifError('protocol', `${operation} returned no URI`);
  return uri;
}
