// ONVIF onboarding: find devices on the LAN (WS-Discovery, superuser only: it probes the recorder's networks),
// look into one with its credentials, and add it as a camera in one call. A device is only ever contacted at an
// address the caller could save as a camera (the camera host rules), its password is used for the device and
// stored sealed with the camera, never returned, logged or audited.
import { probeStream, StreamProbeError, type StreamProbe } from '../../media/ffmpeg/probe.js';
import {
  OnvifDeviceClient,
  OnvifError,
  deviceServiceUrl,
  discoverDevices,
  inspectDevice,
  ipv4Interfaces,
  type DeviceInspection,
  type DiscoveredDevice as FoundDevice,
  type DiscoveryOptions,
  type InspectedProfile,
} from '../../media/onvif/index.js';
import { superuserRequiredFor, requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError, FieldValidationError } from '../../platform/http/errors.js';
import { HOST_INTERNAL_SCOPES } from '../../platform/net/address-scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import { splitStreamUrl } from '../cameras/stream-urls.js';
import type {
  AddCameraRequest,
  AddCameraResponse,
  DiscoveredDevice,
  DiscoveryRequest,
  DiscoveryResponse,
  InspectRequest,
  InspectResponse,
} from './onvif.schemas.js';

export interface OnvifServiceOptions {
  ffprobePath: string;
  /** per SOAP call */
  timeoutMs?: number;
  /** for the stream probe before a camera is stored */
  streamProbeTimeoutMs?: number;
  discover?: (options: DiscoveryOptions) => Promise<FoundDevice[]>;
  /** why the connection guard cannot run here (null: it can); a plain user's device is probed under it */
  connectGuardProblem: () => Promise<string | null>;
}

/** The camera columns device information fills hold at most this many characters (SEED.md). */
const DEVICE_FIELD_MAX = 100;

export class OnvifService {
  private readonly timeoutMs: number;
  private readonly discover: (options: DiscoveryOptions) => Promise<FoundDevice[]>;

  constructor(
    private readonly cameras: CamerasService,
    private readonly audit: AuditService,
    private readonly options: OnvifServiceOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.discover = options.discover ?? discoverDevices;
  }

  async discovery(context: RequestContext, body: DiscoveryRequest): Promise<DiscoveryResponse> {
    requireSuperuser(context.principal);
    if (body.interface !== undefined && !ipv4Interfaces().includes(body.interface)) {
      throw new FieldValidationError(
        ['body', 'interface'],
        `Not an IPv4 address of this machine (it has ${ipv4Interfaces().join(', ')})`,
      );
    }
    const found = await this.discover({
      timeoutMs: body.timeout_ms,
      ...(body.interface ? { interfaces: [body.interface] } : {}),
    });
    const cameraByHost = new Map<string, number | null>();
    const devices: DiscoveredDevice[] = [];
    for (const device of found) {
      const hosts = [...new Set([...device.xaddrs.map(hostOf), device.source_address])];
      let cameraId: number | null = null;
      for (const host of hosts) {
        if (!cameraByHost.has(host)) cameraByHost.set(host, await this.#cameraAt(context, host));
        cameraId ??= cameraByHost.get(host) ?? null;
      }
      devices.push({
        address: device.endpoint,
        source_address: device.source_address,
        name: device.name,
        hardware: device.hardware,
        location: device.location,
        xaddrs: device.xaddrs,
        scopes: device.scopes,
        types: device.types,
        camera_id: cameraId,
      });
    }
    return { devices };
  }

  async inspect(context: RequestContext, body: InspectRequest): Promise<InspectResponse> {
    const client = await this.#client(context, body);
    const inspection = await fromDevice(() => inspectDevice(client));
    const suggested = chooseProfiles(inspection.profiles);
    return {
      xaddr: client.url.toString(),
      time_offset_ms: inspection.time_offset_ms === null ? null : Math.round(inspection.time_offset_ms),
      device: inspection.information,
      media_xaddr: inspection.media_xaddr,
      profiles: inspection.profiles.map((profile) => ({
        ...profile,
        width: profile.width === null ? null : Math.round(profile.width),
        height: profile.height === null ? null : Math.round(profile.height),
        stream_uri: profile.stream_uri && withoutCredentials(profile.stream_uri),
        snapshot_uri: profile.snapshot_uri && withoutCredentials(profile.snapshot_uri),
      })),
      suggested: { main_profile: suggested.main?.token ?? null, sub_profile: suggested.sub?.token ?? null },
    };
  }

  /**
   * Inspect, choose the profiles, read the main stream, then store the camera: the one write comes last, so a
   * failure at any step leaves nothing behind.
   */
  async addCamera(context: RequestContext, body: AddCameraRequest): Promise<AddCameraResponse> {
    const client = await this.#client(context, body);
    const inspection = await fromDevice(() => inspectDevice(client));
    const { main, sub } = pickProfiles(inspection, body);
    const rtspUrl = deviceStreamUrl(main);
    const subUrl = sub ? deviceStreamUrl(sub) : null;
    const substreamUrl = subUrl !== rtspUrl ? subUrl : null;
    // The device chose these addresses: they must pass the same rules as if the caller had typed them.
    await this.cameras.checkHosts(context.principal, [
      [['device', 'stream_uri', main.token], rtspUrl],
      [['device', 'stream_uri', sub?.token ?? ''], substreamUrl],
    ]);
    const stream = await this.#probe(rtspUrl, body, !context.principal.isSuperuser);

    const info = inspection.information;
    const clip = (value: string | null) => (value === null ? null : value.slice(0, DEVICE_FIELD_MAX));
    const camera = await this.cameras.create(
      context,
      {
        name: body.name,
        ip_address: hostOf(client.url.toString()),
        port: Number(new URL(rtspUrl).port) || 554,
        is_active: true,
        username: body.username,
        password: body.password,
        rtsp_url: rtspUrl,
        substream_url: substreamUrl,
        onvif_xaddr: client.url.toString(),
        manufacturer: clip(info.manufacturer),
        model: clip(info.model),
        firmware_version: clip(info.firmware_version),
        serial_number: clip(info.serial_number),
        hardware_id: clip(info.hardware_id),
      },
      body.force,
    );
    await this.audit.record(context, {
      action: 'camera.onvif_add',
      entityType: 'camera',
      entityId: camera.id,
      details: {
        xaddr: client.url.toString(),
        main_profile: main.token,
        sub_profile: substreamUrl ? sub!.token : null,
      },
    });
    return { camera, stream, main_profile: main.token, sub_profile: substreamUrl ? sub!.token : null };
  }

  /** A device client for the request's xaddr, once the caller may make the recorder connect there. */
  async #client(context: RequestContext, body: InspectRequest): Promise<OnvifDeviceClient> {
    let url: URL;
    try {
      url = deviceServiceUrl(body.xaddr);
    } catch {
      throw new FieldValidationError(['body', 'xaddr'], 'Input should be an http or https URL');
    }
    await this.cameras.checkHosts(context.principal, [[['body', 'xaddr'], url.toString()]]);
    return new OnvifDeviceClient({
      url: url.toString(),
      username: body.username,
      password: body.password,
      timeoutMs: this.timeoutMs,
      // Checked again on the address actually connected to, for a host name that resolves elsewhere later.
      ...(context.principal.isSuperuser ? {} : { refuseScopes: HOST_INTERNAL_SCOPES }),
    });
  }

  /** `guarded`: a plain user's device names the stream, so ffprobe runs with the connection guard. */
  async #probe(url: string, body: AddCameraRequest, guarded: boolean): Promise<StreamProbe> {
    const guardProblem = guarded ? await this.options.connectGuardProblem() : null;
    if (guardProblem)
      throw new AppError(503, {
        code: 'connect_guard_unavailable',
        message: `The connection guard for cameras of users who are not superusers does not work here: ${guardProblem}`,
      });
    try {
      // With the request's credentials, as the camera will use them (explicit ones win over a URL's).
      return await probeStream(
        this.options.ffprobePath,
        {
          url: withoutCredentials(url),
          username: body.username,
          password: body.password,
          rtspTransport: 'tcp',
          extraOptions: {},
          guarded,
        },
        this.options.streamProbeTimeoutMs,
      );
    } catch (error) {
      if (!(error instanceof StreamProbeError)) throw error;
      throw new AppError(502, {
        code: 'stream_probe_failed',
        message: `The main stream (${withoutCredentials(url)}) could not be read: ${error.message}`,
      });
    }
  }

  /** The caller's camera whose ip_address is exactly this host (the lowest id), or null. */
  async #cameraAt(context: RequestContext, host: string): Promise<number | null> {
    const { cameras } = await this.cameras.list(context, {
      q: host,
      active_only: false,
      skip: 0,
      limit: 500,
    });
    const ids = cameras.filter((camera) => camera.ip_address === host).map((camera) => camera.id);
    return ids.length > 0 ? Math.min(...ids) : null;
  }
}

/** The largest profile (by pixels) for the main stream and the smallest for the substream, among those with a URI. */
export function chooseProfiles(profiles: InspectedProfile[]): {
  main: InspectedProfile | undefined;
  sub: InspectedProfile | undefined;
} {
  const streamable = profiles.filter((profile) => profile.stream_uri);
  const pixels = (profile: InspectedProfile) => (profile.width ?? 0) * (profile.height ?? 0);
  // Stable: among equal sizes the device's first profile wins (devices list their main profile first).
  const bySize = [...streamable].sort((a, b) => pixels(b) - pixels(a));
  const main = bySize[0];
  const smallest = bySize[bySize.length - 1];
  const sub = smallest && main && smallest.stream_uri !== main.stream_uri ? smallest : undefined;
  return { main, sub };
}

function pickProfiles(
  inspection: DeviceInspection,
  body: AddCameraRequest,
): { main: InspectedProfile; sub: InspectedProfile | undefined } {
  const suggested = chooseProfiles(inspection.profiles);
  const byToken = (field: 'main_profile' | 'sub_profile', token: string) => {
    const profile = inspection.profiles.find((p) => p.token === token);
    if (!profile) {
      const known = inspection.profiles.map((p) => p.token).join(', ') || 'none';
      throw new FieldValidationError(['body', field], `The device has no profile ${token} (it has ${known})`);
    }
    if (!profile.stream_uri)
      throw new FieldValidationError(['body', field], `The device gives no RTSP stream for profile ${token}`);
    return profile;
  };
  const main = body.main_profile ? byToken('main_profile', body.main_profile) : suggested.main;
  if (!main) {
    throw new AppError(502, {
      code: 'device_no_stream',
      message: 'The device reports no media profile with an RTSP stream',
    });
  }
  if (body.sub_profile === null) return { main, sub: undefined };
  return { main, sub: body.sub_profile ? byToken('sub_profile', body.sub_profile) : suggested.sub };
}

/**
 * A profile's stream URI as a camera may store it (an allowed scheme, a host, at most 500 characters once its
 * credentials are split out); a device that reports anything else is at fault, not the request.
 */
function deviceStreamUrl(profile: InspectedProfile): string {
  try {
    return splitStreamUrl(profile.stream_uri ?? '', 'rtsp_url').url;
  } catch {
    throw new AppError(502, {
      code: 'device_stream_uri',
      message: `The device reports a stream URI for profile ${profile.token} that cannot be used as a camera stream`,
    });
  }
}

/** Device errors in terms of the request: bad credentials are the caller's to fix (400), the rest the device's. */
async function fromDevice<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof OnvifError)) throw error;
    switch (error.kind) {
      case 'auth':
        throw new AppError(400, {
          code: 'device_auth',
          message: `The device refused the username or password (${error.reason})`,
          loc: ['body', 'password'],
        });
      case 'refused':
        throw superuserRequiredFor(['body', 'xaddr'], error.reason);
      case 'timeout':
        throw new AppError(504, { code: 'device_timeout', message: error.reason });
      default:
        throw new AppError(502, { code: `device_${error.kind}`, message: error.reason });
    }
  }
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

function withoutCredentials(value: string): string {
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return value;
  }
}
