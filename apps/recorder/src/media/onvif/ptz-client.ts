// ONVIF PTZ (ver20, ptz.wsdl): what a device's pan/tilt/zoom can do, continuous moves, stop, and presets.
// Every call names a media profile: the one the device gave a PTZ configuration (ContinuousMove etc. act on a
// profile, not on a node). Speeds in the API are -1..1 and are scaled here into the node's own velocity range.
import { OnvifError } from './errors.js';
import { expectResponse } from './device-client.js';
import type { OnvifDeviceClient, OnvifService } from './device-client.js';
import { OnvifMediaClient } from './media-client.js';
import { MEDIA_NS } from './soap.js';
import { child, childrenNamed, escapeXml, textOf } from './xml.js';
import type { XmlElement } from './xml.js';

export const PTZ_NS = 'http://www.onvif.org/ver20/ptz/wsdl';

/** A velocity range of the node, as GetNodes reports it (the generic space is -1..1). */
export interface PtzRange {
  min: number;
  max: number;
}

export interface PtzCapabilities {
  /** the media profile every PTZ call names */
  profile_token: string;
  /** continuous pan/tilt, with the node's x (pan) and y (tilt) velocity ranges; null: the node cannot */
  pan_tilt: { x: PtzRange; y: PtzRange } | null;
  /** continuous zoom velocity range; null: the node has no zoom */
  zoom: PtzRange | null;
  /** null when the node does not say */
  max_presets: number | null;
  home_supported: boolean;
}

export interface PtzPreset {
  token: string;
  name: string;
}

/** A continuous move, each speed in -1..1 (0 or absent: that axis does not move). */
export interface PtzVelocity {
  pan?: number;
  tilt?: number;
  zoom?: number;
}

const GENERIC: PtzRange = { min: -1, max: 1 };

export class OnvifPtzClient {
  private readonly service: OnvifService;

  constructor(
    private readonly device: OnvifDeviceClient,
    ptzUrl: URL,
  ) {
    this.service = { url: ptzUrl, namespace: PTZ_NS };
  }

  /**
   * The profile with a PTZ configuration, and what its node can do (GetConfigurations, GetNodes). Null when no
   * profile has a PTZ configuration: the device has a PTZ service but nothing to move.
   */
  async capabilities(media: OnvifMediaClient): Promise<PtzCapabilities | null> {
    const profiles = await media.getProfiles();
    const profile = profiles.find((p) => p.ptz_configuration !== null);
    if (!profile) return null;
    const configurations = await this.call('GetConfigurations', '<tptz:GetConfigurations/>');
    const configuration = childrenNamed(configurations, 'PTZConfiguration').find(
      (c) => c.attributes['token'] === profile.ptz_configuration,
    );
    const nodeToken = textOf(child(configuration, 'NodeToken'));
    const nodes = await this.call('GetNodes', '<tptz:GetNodes/>');
    const all = childrenNamed(nodes, 'PTZNode');
    // A configuration names its node; a device with a single node sometimes leaves the token out.
    const node =
      all.find((n) => n.attributes['token'] === nodeToken) ?? (all.length === 1 ? all[0] : undefined);
    if (!node) throw new OnvifError('protocol', 'GetNodes: no node for the profile’s PTZ configuration');
    const spaces = child(node, 'SupportedPTZSpaces');
    const panTilt = child(spaces, 'ContinuousPanTiltVelocitySpace');
    const zoom = child(spaces, 'ContinuousZoomVelocitySpace');
    const presets = Number(textOf(child(node, 'MaximumNumberOfPresets')));
    return {
      profile_token: profile.token,
      pan_tilt: panTilt
        ? { x: readRange(child(panTilt, 'XRange')), y: readRange(child(panTilt, 'YRange')) }
        : null,
      zoom: zoom ? readRange(child(zoom, 'XRange')) : null,
      max_presets: Number.isInteger(presets) && presets >= 0 ? presets : null,
      home_supported: textOf(child(node, 'HomeSupported')) === 'true',
    };
  }

  /** Starts moving; the device stops on its own after `timeoutMs` (else after its default timeout, or never). */
  async continuousMove(
    capabilities: PtzCapabilities,
    velocity: PtzVelocity,
    timeoutMs?: number,
  ): Promise<void> {
    await this.call('ContinuousMove', continuousMoveBody(capabilities, velocity, timeoutMs));
  }

  async stop(profileToken: string): Promise<void> {
    await this.call(
      'Stop',
      `<tptz:Stop><tptz:ProfileToken>${escapeXml(profileToken)}</tptz:ProfileToken>` +
        '<tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>',
    );
  }

  async getPresets(profileToken: string): Promise<PtzPreset[]> {
    const response = await this.call(
      'GetPresets',
      `<tptz:GetPresets><tptz:ProfileToken>${escapeXml(profileToken)}</tptz:ProfileToken></tptz:GetPresets>`,
    );
    return childrenNamed(response, 'Preset').flatMap((preset) => {
      const token = preset.attributes['token'];
      // Some devices list every slot, unset ones without a token: nothing to go to.
      if (!token) return [];
      return [{ token, name: textOf(child(preset, 'Name')) || token }];
    });
  }

  async gotoPreset(profileToken: string, presetToken: string): Promise<void> {
    await this.call(
      'GotoPreset',
      `<tptz:GotoPreset><tptz:ProfileToken>${escapeXml(profileToken)}</tptz:ProfileToken>` +
        `<tptz:PresetToken>${escapeXml(presetToken)}</tptz:PresetToken></tptz:GotoPreset>`,
    );
  }

  /** Stores the current position as a new preset with this name; returns the token the device gave it. */
  async setPreset(profileToken: string, name: string): Promise<string> {
    const response = await this.call(
      'SetPreset',
      `<tptz:SetPreset><tptz:ProfileToken>${escapeXml(profileToken)}</tptz:ProfileToken>` +
        `<tptz:PresetName>${escapeXml(name)}</tptz:PresetName></tptz:SetPreset>`,
    );
    const token = textOf(child(response, 'PresetToken'));
    if (!token) throw new OnvifError('protocol', 'SetPreset returned no preset token');
    return token;
  }

  async removePreset(profileToken: string, presetToken: string): Promise<void> {
    await this.call(
      'RemovePreset',
      `<tptz:RemovePreset><tptz:ProfileToken>${escapeXml(profileToken)}</tptz:ProfileToken>` +
        `<tptz:PresetToken>${escapeXml(presetToken)}</tptz:PresetToken></tptz:RemovePreset>`,
    );
  }

  private async call(operation: string, body: string): Promise<XmlElement> {
    // The envelope declares tds/trt/tt; the PTZ prefix is declared on the operation element itself.
    const declared = body.replace(/^<tptz:(\w+)/, `<tptz:$1 xmlns:tptz="${PTZ_NS}"`);
    const response = await this.device.invoke(this.service, operation, declared);
    expectResponse(response, `${operation}Response`);
    return response;
  }
}

/** The SOAP body of a ContinuousMove: each -1..1 speed scaled into the node's range, axes at 0 left out. */
export function continuousMoveBody(
  capabilities: PtzCapabilities,
  velocity: PtzVelocity,
  timeoutMs?: number,
): string {
  const pan = velocity.pan ?? 0;
  const tilt = velocity.tilt ?? 0;
  const zoom = velocity.zoom ?? 0;
  const panTilt = capabilities.pan_tilt;
  const parts: string[] = [];
  if ((pan !== 0 || tilt !== 0) && panTilt) {
    parts.push(`<tt:PanTilt x="${scale(pan, panTilt.x)}" y="${scale(tilt, panTilt.y)}"/>`);
  }
  if (zoom !== 0 && capabilities.zoom) parts.push(`<tt:Zoom x="${scale(zoom, capabilities.zoom)}"/>`);
  return (
    `<tptz:ContinuousMove><tptz:ProfileToken>${escapeXml(capabilities.profile_token)}</tptz:ProfileToken>` +
    `<tptz:Velocity>${parts.join('')}</tptz:Velocity>` +
    (timeoutMs !== undefined ? `<tptz:Timeout>${duration(timeoutMs)}</tptz:Timeout>` : '') +
    '</tptz:ContinuousMove>'
  );
}

/** -1..1 onto [min, max]: the sign picks the side, so an asymmetric range still stops at 0. */
export function scale(value: number, range: PtzRange): string {
  const scaled = value >= 0 ? value * range.max : -value * range.min;
  // Short decimals: some devices refuse exponent notation in xs:float.
  return String(Math.round(scaled * 10_000) / 10_000);
}

/** xs:duration for a timeout in ms, e.g. PT1.5S. */
export function duration(ms: number): string {
  return `PT${Math.round(ms) / 1000}S`;
}

function readRange(element: XmlElement | undefined): PtzRange {
  const min = Number(textOf(child(element, 'Min')));
  const max = Number(textOf(child(element, 'Max')));
  if (!element || !Number.isFinite(min) || !Number.isFinite(max) || min >= max) return GENERIC;
  return { min, max };
}

/**
 * The PTZ client of a device, or null when it has no PTZ service. Like the media service, the PTZ service is
 * called at the host and port the device was reached on, with the path the device reports.
 */
export async function openPtz(
  device: OnvifDeviceClient,
): Promise<{ ptz: OnvifPtzClient; media: OnvifMediaClient } | null> {
  const mediaReported = await device.getServiceUrl('Media', MEDIA_NS);
  const ptzReported = await device.getServiceUrl('PTZ', PTZ_NS);
  if (!mediaReported || !ptzReported) return null;
  const rebase = (reported: URL) => new URL(reported.pathname + reported.search, device.url);
  return {
    ptz: new OnvifPtzClient(device, rebase(ptzReported)),
    media: new OnvifMediaClient(device, rebase(mediaReported)),
  };
}
