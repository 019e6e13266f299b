/**
 * A tiny ONVIF device for tests: the Device Management user operations (GetUsers, CreateUsers, DeleteUsers),
 * GetSystemDateAndTime, GetDeviceInformation, GetCapabilities and GetServices on the device service, the Media
 * service (GetProfiles, GetStreamUri, GetSnapshotUri) at its own path, optionally a PTZ service (GetConfigurations,
 * GetNodes, ContinuousMove, Stop, GetPresets, GotoPreset, SetPreset, RemovePreset) at its own path that records
 * every command it is given and keeps its presets, over SOAP 1.2, behind WS-Security digest UsernameToken
 * authentication; optionally a WS-Discovery responder on the multicast group (loopback).
 *
 * It checks the token the way a strict camera does: digest over nonce + created + password, Created within
 * 5 minutes of the device clock, and no nonce accepted twice. Failures are SOAP faults with the ONVIF error
 * subcodes (`ter:NotAuthorized`, `ter:UsernameClash`, `ter:UsernameMissing`).
 *
 * The digest check is computed here on its own rather than through the client's helper, so a bug in the
 * client cannot agree with itself.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import dgram from 'node:dgram';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { child, childrenNamed, escapeXml, parseXml, path } from '../../src/media/onvif/xml.js';
import type { XmlElement } from '../../src/media/onvif/xml.js';

export interface SimulatedUser {
  username: string;
  password: string;
  level: string;
}

export interface OnvifSimulatorOptions {
  /** The device's initial administrator. Default `admin`. */
  username?: string;
  password: string;
  /** HTTP status of NotAuthorized faults: 400 per the SOAP 1.2 HTTP binding, 401 on some devices. */
  authFailureStatus?: 400 | 401;
  /** How far the device clock is ahead of the real one (negative: behind). */
  clockOffsetMs?: number;
  /** GetDeviceInformation's answer. */
  information?: Partial<
    Record<'Manufacturer' | 'Model' | 'FirmwareVersion' | 'SerialNumber' | 'HardwareId', string>
  >;
  /** Media profiles; their stream URIs usually point at real RTSP test cameras. */
  profiles?: SimulatedProfile[];
  /**
   * The host:port the device reports in its media XAddr, e.g. an address only it can reach (a camera behind
   * NAT). Default: the address it really listens on.
   */
  reportedHost?: string;
  /** false: GetCapabilities is not implemented (a fault), so clients must use GetServices. Default true. */
  capabilities?: boolean;
  /** Answer WS-Discovery probes (multicast on loopback), with these ONVIF scopes. */
  discovery?: { name: string; hardware: string; location?: string };
  /** A PTZ service; the first profile gets its configuration. Without it GetCapabilities(PTZ) is a fault. */
  ptz?: SimulatedPtz;
}

export interface SimulatedPtz {
  /** continuous pan/tilt velocity ranges of the node; default the generic -1..1; null: no pan/tilt */
  panTilt?: { x: [number, number]; y: [number, number] } | null;
  /** continuous zoom velocity range; null: no zoom. Default -1..1 */
  zoom?: [number, number] | null;
  maxPresets?: number;
  presets?: { token: string; name: string }[];
}

/** One PTZ command as the device understood it. */
export interface PtzCommand {
  operation: 'ContinuousMove' | 'Stop' | 'GotoPreset' | 'SetPreset' | 'RemovePreset';
  profile: string;
  /** ContinuousMove: the velocities given (absent axes are absent), and the Timeout as sent */
  pan?: number;
  tilt?: number;
  zoom?: number;
  timeout?: string;
  /** Stop: which axes */
  stopPanTilt?: boolean;
  stopZoom?: boolean;
  preset?: string;
  name?: string;
}

export interface SimulatedProfile {
  token: string;
  name: string;
  width: number;
  height: number;
  fps: number;
  encoding?: string;
  streamUri: string;
  /** Without one, GetSnapshotUri is a fault, as on devices without snapshots. */
  snapshotUri?: string;
}

export interface OnvifSimulator {
  /** Device service URL. */
  url: string;
  /** Current accounts, passwords included, as the device stores them. */
  users(): SimulatedUser[];
  /** Raw bodies of every request received, oldest first. */
  requests(): string[];
  /** From now on answer this operation (null: none) with a body that is not well-formed XML. */
  answerMalformed(operation: string | null): void;
  /**
   * From now on answer this operation (null: none) by handing the response to `respond`, which writes what it
   * likes, when it likes (a hostile device); the request is checked as usual first.
   */
  answerWith(operation: string | null, respond?: (response: ServerResponse) => void): void;
  /** The discovery endpoint reference (urn:uuid:…), and the raw probes received, oldest first. */
  endpoint: string;
  probes(): string[];
  /** Every PTZ command the device accepted (authenticated, valid), oldest first. */
  ptzCommands(): PtzCommand[];
  /** The device's presets now. */
  presets(): { token: string; name: string }[];
  close(): Promise<void>;
}

const NS = {
  env: 'http://www.w3.org/2003/05/soap-envelope',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
  ter: 'http://www.onvif.org/ver10/error',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
};
const DEVICE_PATH = '/onvif/device_service';
const MEDIA_PATH = '/onvif/media_service';
const PTZ_PATH = '/onvif/ptz_service';
const PTZ_OPERATIONS = new Set([
  'GetConfigurations',
  'GetNodes',
  'ContinuousMove',
  'Stop',
  'GetPresets',
  'GotoPreset',
  'SetPreset',
  'RemovePreset',
]);
/** The ONVIF default access policy: these need no token (PRE_AUTH); user management needs an Administrator. */
const UNAUTHENTICATED = new Set(['GetSystemDateAndTime', 'GetCapabilities', 'GetServices']);
const ADMINISTRATOR_ONLY = new Set(['GetUsers', 'CreateUsers', 'DeleteUsers']);
const MEDIA_OPERATIONS = new Set(['GetProfiles', 'GetStreamUri', 'GetSnapshotUri']);
const DIGEST_TYPE_SUFFIX = '#PasswordDigest';
const MAX_TOKEN_AGE_MS = 5 * 60_000;
const LEVELS = new Set(['Administrator', 'Operator', 'User']);

/** A fault as ONVIF defines them: SOAP code, then `ter:` subcodes from generic to specific. */
class Fault extends Error {
  constructor(
    readonly status: number,
    readonly codes: string[],
    readonly reason: string,
  ) {
    super(reason);
  }
}

export async function startOnvifSimulator(options: OnvifSimulatorOptions): Promise<OnvifSimulator> {
  const users: SimulatedUser[] = [
    { username: options.username ?? 'admin', password: options.password, level: 'Administrator' },
  ];
  const seenNonces = new Map<string, number>();
  const received: string[] = [];
  const deviceNow = () => Date.now() + (options.clockOffsetMs ?? 0);
  const notAuthorized = () =>
    new Fault(options.authFailureStatus ?? 400, ['env:Sender', 'ter:NotAuthorized'], 'Sender not authorized');

  const authenticate = (header: XmlElement | undefined, operation: string) => {
    const token = path(header, 'Security', 'UsernameToken');
    const password = child(token, 'Password');
    const username = child(token, 'Username')?.text.trim();
    const nonce = child(token, 'Nonce')?.text.trim();
    const created = child(token, 'Created')?.text.trim();
    if (!password || !username || !nonce || !created) throw notAuthorized();
    if (!(password.attributes['Type'] ?? '').endsWith(DIGEST_TYPE_SUFFIX)) throw notAuthorized();

    const createdAt = Date.parse(created);
    if (Number.isNaN(createdAt) || Math.abs(deviceNow() - createdAt) > MAX_TOKEN_AGE_MS)
      throw notAuthorized();
    if (seenNonces.has(nonce)) throw notAuthorized();

    const user = users.find((u) => u.username === username);
    if (!user) throw notAuthorized();
    const expected = createHash('sha1')
      .update(Buffer.from(nonce, 'base64'))
      .update(created, 'utf8')
      .update(user.password, 'utf8')
      .digest();
    const given = Buffer.from(password.text.trim(), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notAuthorized();

    for (const [seen, at] of seenNonces) if (deviceNow() - at > MAX_TOKEN_AGE_MS) seenNonces.delete(seen);
    seenNonces.set(nonce, deviceNow());
    // User management is Administrator-only in the default ONVIF access policy; reading is for every level.
    if (ADMINISTRATOR_ONLY.has(operation) && user.level !== 'Administrator') throw notAuthorized();
  };

  let origin = ''; // http://127.0.0.1:<port>, once listening
  let malformed: string | null = null;
  let custom: { operation: string; respond: (response: ServerResponse) => void } | null = null;
  const profiles = options.profiles ?? [];
  const profileOf = (request: XmlElement) => {
    const token = child(request, 'ProfileToken')?.text.trim();
    const profile = profiles.find((p) => p.token === token);
    if (!profile)
      throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal', 'ter:NoProfile'], 'Profile not found');
    return profile;
  };
  const mediaUri = (element: string, uri: string) =>
    `<trt:${element}><trt:MediaUri><tt:Uri>${escapeXml(uri)}</tt:Uri>` +
    '<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot>' +
    `<tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:${element}>`;
  const mediaXAddr = () => `${options.reportedHost ? `http://${options.reportedHost}` : origin}${MEDIA_PATH}`;
  const ptzXAddr = () => `${options.reportedHost ? `http://${options.reportedHost}` : origin}${PTZ_PATH}`;
  const ptz = options.ptz;
  const panTiltRange = ptz?.panTilt === undefined ? { x: [-1, 1], y: [-1, 1] } : ptz.panTilt;
  const zoomRange = ptz?.zoom === undefined ? [-1, 1] : ptz.zoom;
  const presets = (ptz?.presets ?? []).map((p) => ({ ...p }));
  let presetSerial = presets.length;
  const commands: PtzCommand[] = [];
  const ptzProfileOf = (request: XmlElement) => {
    const profile = profileOf(request);
    if (!ptz || profile !== profiles[0])
      throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal', 'ter:NoPTZProfile'], 'No PTZ profile');
    return profile.token;
  };
  const velocity = (element: XmlElement | undefined, axis: 'x' | 'y', range: number[] | null | undefined) => {
    const raw = element?.attributes[axis];
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!range || !Number.isFinite(value) || value < range[0]! || value > range[1]!)
      throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal', 'ter:InvalidVelocity'], 'Invalid velocity');
    return value;
  };
  const presetOf = (request: XmlElement) => {
    const token = child(request, 'PresetToken')?.text.trim();
    const preset = presets.find((p) => p.token === token);
    if (!preset) throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal', 'ter:NoToken'], 'No such preset');
    return preset;
  };

  const operations: Record<string, (request: XmlElement) => string> = {
    GetDeviceInformation: () =>
      '<tds:GetDeviceInformationResponse>' +
      (['Manufacturer', 'Model', 'FirmwareVersion', 'SerialNumber', 'HardwareId'] as const)
        .map((field) => `<tds:${field}>${escapeXml(options.information?.[field] ?? '')}</tds:${field}>`)
        .join('') +
      '</tds:GetDeviceInformationResponse>',
    GetCapabilities: (request) => {
      if (options.capabilities === false) {
        throw new Fault(400, ['env:Sender', 'ter:ActionNotSupported'], 'Optional Action Not Implemented');
      }
      const category = child(request, 'Category')?.text.trim();
      if (category === 'PTZ' && !ptz) {
        throw new Fault(
          400,
          ['env:Receiver', 'ter:ActionNotSupported', 'ter:NoSuchService'],
          'No PTZ service',
        );
      }
      return (
        '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
        (ptz ? `<tt:PTZ><tt:XAddr>${ptzXAddr()}</tt:XAddr></tt:PTZ>` : '') +
        `<tt:Device><tt:XAddr>${origin}${DEVICE_PATH}</tt:XAddr></tt:Device>` +
        `<tt:Media><tt:XAddr>${mediaXAddr()}</tt:XAddr><tt:StreamingCapabilities>` +
        '<tt:RTPMulticast>false</tt:RTPMulticast><tt:RTP_TCP>true</tt:RTP_TCP><tt:RTP_RTSP_TCP>true</tt:RTP_RTSP_TCP>' +
        '</tt:StreamingCapabilities></tt:Media>' +
        '</tds:Capabilities></tds:GetCapabilitiesResponse>'
      );
    },
    GetServices: () =>
      '<tds:GetServicesResponse>' +
      `<tds:Service><tds:Namespace>${NS.tds}</tds:Namespace><tds:XAddr>${origin}${DEVICE_PATH}</tds:XAddr>` +
      '<tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>' +
      `<tds:Service><tds:Namespace>${NS.trt}</tds:Namespace><tds:XAddr>${mediaXAddr()}</tds:XAddr>` +
      '<tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>' +
      (ptz
        ? `<tds:Service><tds:Namespace>${NS.tptz}</tds:Namespace><tds:XAddr>${ptzXAddr()}</tds:XAddr>` +
          '<tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>'
        : '') +
      '</tds:GetServicesResponse>',
    GetProfiles: () =>
      '<trt:GetProfilesResponse>' +
      profiles
        .map(
          (p) =>
            `<trt:Profiles token="${escapeXml(p.token)}" fixed="true"><tt:Name>${escapeXml(p.name)}</tt:Name>` +
            `<tt:VideoEncoderConfiguration token="enc_${escapeXml(p.token)}"><tt:Name>enc</tt:Name>` +
            `<tt:UseCount>1</tt:UseCount><tt:Encoding>${p.encoding ?? 'H264'}</tt:Encoding>` +
            `<tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution>` +
            '<tt:Quality>5</tt:Quality>' +
            `<tt:RateControl><tt:FrameRateLimit>${p.fps}</tt:FrameRateLimit>` +
            '<tt:EncodingInterval>1</tt:EncodingInterval><tt:BitrateLimit>2048</tt:BitrateLimit></tt:RateControl>' +
            '</tt:VideoEncoderConfiguration>' +
            (ptz && p === profiles[0]
              ? '<tt:PTZConfiguration token="ptz_config_1"><tt:Name>ptz</tt:Name><tt:UseCount>1</tt:UseCount>' +
                '<tt:NodeToken>ptz_node_1</tt:NodeToken></tt:PTZConfiguration>'
              : '') +
            '</trt:Profiles>',
        )
        .join('') +
      '</trt:GetProfilesResponse>',
    GetStreamUri: (request) => {
      const setup = child(request, 'StreamSetup');
      const protocol = path(setup, 'Transport', 'Protocol')?.text.trim();
      if (child(setup, 'Stream')?.text.trim() !== 'RTP-Unicast' || protocol !== 'RTSP') {
        throw new Fault(
          400,
          ['env:Sender', 'ter:InvalidArgVal', 'ter:InvalidStreamSetup'],
          'Unsupported setup',
        );
      }
      return mediaUri('GetStreamUriResponse', profileOf(request).streamUri);
    },
    GetSnapshotUri: (request) => {
      const profile = profileOf(request);
      if (!profile.snapshotUri) {
        throw new Fault(500, ['env:Receiver', 'ter:ActionNotSupported'], 'Snapshots not supported');
      }
      return mediaUri('GetSnapshotUriResponse', profile.snapshotUri);
    },
    GetSystemDateAndTime: () => {
      const t = new Date(deviceNow());
      return (
        '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime>' +
        '<tt:DateTimeType>Manual</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings>' +
        '<tt:UTCDateTime>' +
        `<tt:Date><tt:Year>${t.getUTCFullYear()}</tt:Year><tt:Month>${t.getUTCMonth() + 1}</tt:Month>` +
        `<tt:Day>${t.getUTCDate()}</tt:Day></tt:Date>` +
        `<tt:Time><tt:Hour>${t.getUTCHours()}</tt:Hour><tt:Minute>${t.getUTCMinutes()}</tt:Minute>` +
        `<tt:Second>${t.getUTCSeconds()}</tt:Second></tt:Time>` +
        '</tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>'
      );
    },
    GetConfigurations: () =>
      '<tptz:GetConfigurationsResponse><tptz:PTZConfiguration token="ptz_config_1"><tt:Name>ptz</tt:Name>' +
      '<tt:UseCount>1</tt:UseCount><tt:NodeToken>ptz_node_1</tt:NodeToken>' +
      '<tt:DefaultPTZTimeout>PT5S</tt:DefaultPTZTimeout></tptz:PTZConfiguration></tptz:GetConfigurationsResponse>',
    GetNodes: () => {
      const range = (name: string, r: number[]) =>
        `<tt:${name}><tt:Min>${r[0]}</tt:Min><tt:Max>${r[1]}</tt:Max></tt:${name}>`;
      return (
        '<tptz:GetNodesResponse><tptz:PTZNode token="ptz_node_1" FixedHomePosition="false">' +
        '<tt:Name>node</tt:Name><tt:SupportedPTZSpaces>' +
        (panTiltRange
          ? '<tt:ContinuousPanTiltVelocitySpace>' +
            '<tt:URI>http://www.onvif.org/ver10/tptz/PanTiltSpaces/VelocityGenericSpace</tt:URI>' +
            range('XRange', panTiltRange.x) +
            range('YRange', panTiltRange.y) +
            '</tt:ContinuousPanTiltVelocitySpace>'
          : '') +
        (zoomRange
          ? '<tt:ContinuousZoomVelocitySpace>' +
            '<tt:URI>http://www.onvif.org/ver10/tptz/ZoomSpaces/VelocityGenericSpace</tt:URI>' +
            range('XRange', zoomRange) +
            '</tt:ContinuousZoomVelocitySpace>'
          : '') +
        '</tt:SupportedPTZSpaces>' +
        `<tt:MaximumNumberOfPresets>${ptz?.maxPresets ?? 8}</tt:MaximumNumberOfPresets>` +
        '<tt:HomeSupported>false</tt:HomeSupported></tptz:PTZNode></tptz:GetNodesResponse>'
      );
    },
    ContinuousMove: (request) => {
      const profile = ptzProfileOf(request);
      const speed = child(request, 'Velocity');
      const panTilt = child(speed, 'PanTilt');
      const zoom = child(speed, 'Zoom');
      const command: PtzCommand = { operation: 'ContinuousMove', profile };
      const pan = velocity(panTilt, 'x', panTiltRange?.x);
      const tilt = velocity(panTilt, 'y', panTiltRange?.y);
      const zoomSpeed = velocity(zoom, 'x', zoomRange);
      if (pan !== undefined) command.pan = pan;
      if (tilt !== undefined) command.tilt = tilt;
      if (zoomSpeed !== undefined) command.zoom = zoomSpeed;
      const timeout = child(request, 'Timeout')?.text.trim();
      if (timeout !== undefined) command.timeout = timeout;
      commands.push(command);
      return '<tptz:ContinuousMoveResponse/>';
    },
    Stop: (request) => {
      const profile = ptzProfileOf(request);
      commands.push({
        operation: 'Stop',
        profile,
        stopPanTilt: child(request, 'PanTilt')?.text.trim() !== 'false',
        stopZoom: child(request, 'Zoom')?.text.trim() !== 'false',
      });
      return '<tptz:StopResponse/>';
    },
    GetPresets: (request) => {
      ptzProfileOf(request);
      return (
        '<tptz:GetPresetsResponse>' +
        presets
          .map(
            (p) =>
              `<tptz:Preset token="${escapeXml(p.token)}"><tt:Name>${escapeXml(p.name)}</tt:Name></tptz:Preset>`,
          )
          .join('') +
        '</tptz:GetPresetsResponse>'
      );
    },
    GotoPreset: (request) => {
      const profile = ptzProfileOf(request);
      const preset = presetOf(request);
      commands.push({ operation: 'GotoPreset', profile, preset: preset.token });
      return '<tptz:GotoPresetResponse/>';
    },
    SetPreset: (request) => {
      const profile = ptzProfileOf(request);
      const name = child(request, 'PresetName')?.text ?? '';
      if (presets.some((p) => p.name === name))
        throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal', 'ter:PresetExist'], 'Preset name exists');
      if (presets.length >= (ptz?.maxPresets ?? 8))
        throw new Fault(400, ['env:Receiver', 'ter:Action', 'ter:TooManyPresets'], 'Too many presets');
      const token = `preset_${++presetSerial}`;
      presets.push({ token, name });
      commands.push({ operation: 'SetPreset', profile, name, preset: token });
      return `<tptz:SetPresetResponse><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`;
    },
    RemovePreset: (request) => {
      const profile = ptzProfileOf(request);
      const preset = presetOf(request);
      presets.splice(presets.indexOf(preset), 1);
      commands.push({ operation: 'RemovePreset', profile, preset: preset.token });
      return '<tptz:RemovePresetResponse/>';
    },
    GetUsers: () =>
      '<tds:GetUsersResponse>' +
      users
        .map(
          (u) =>
            `<tds:User><tt:Username>${escapeXml(u.username)}</tt:Username>` +
            `<tt:UserLevel>${u.level}</tt:UserLevel></tds:User>`,
        )
        .join('') +
      '</tds:GetUsersResponse>',
    CreateUsers: (request) => {
      const incoming = childrenNamed(request, 'User').map((u) => ({
        username: child(u, 'Username')?.text ?? '',
        password: child(u, 'Password')?.text ?? '',
        level: child(u, 'UserLevel')?.text.trim() ?? '',
      }));
      // All or nothing, as the spec requires: validate every entry before storing any.
      for (const [i, u] of incoming.entries()) {
        if (u.username === '') {
          throw new Fault(
            400,
            ['env:Sender', 'ter:InvalidArgVal', 'ter:UsernameTooShort'],
            'Username too short',
          );
        }
        if (!LEVELS.has(u.level)) {
          throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal'], `Invalid user level ${u.level}`);
        }
        const clash =
          users.some((existing) => existing.username === u.username) ||
          incoming.findIndex((other) => other.username === u.username) !== i;
        if (clash) {
          throw new Fault(
            400,
            ['env:Sender', 'ter:OperationProhibited', 'ter:UsernameClash'],
            'Username already exists',
          );
        }
      }
      users.push(...incoming);
      return '<tds:CreateUsersResponse/>';
    },
    DeleteUsers: (request) => {
      const names = childrenNamed(request, 'Username').map((u) => u.text);
      for (const name of names) {
        if (!users.some((u) => u.username === name)) {
          throw new Fault(
            400,
            ['env:Sender', 'ter:InvalidArgVal', 'ter:UsernameMissing'],
            'Username not recognized',
          );
        }
      }
      for (const name of names)
        users.splice(
          users.findIndex((u) => u.username === name),
          1,
        );
      return '<tds:DeleteUsersResponse/>';
    },
  };

  /** The answer's body, or null when a custom responder took the response over. */
  const handle = (raw: string, servicePath: string, res: ServerResponse): string | null => {
    let envelope: XmlElement;
    try {
      envelope = parseXml(raw);
    } catch {
      throw new Fault(400, ['env:Sender', 'ter:WellFormed'], 'Request is not well-formed XML');
    }
    const operation = path(envelope, 'Body')?.children[0];
    const run = operation && operations[operation.name];
    // Media operations answer at the media XAddr only, so a client that ignores it fails.
    const atPath = !operation
      ? DEVICE_PATH
      : MEDIA_OPERATIONS.has(operation.name)
        ? MEDIA_PATH
        : PTZ_OPERATIONS.has(operation.name)
          ? PTZ_PATH
          : DEVICE_PATH;
    if (atPath === PTZ_PATH && !ptz) {
      throw new Fault(400, ['env:Sender', 'ter:ActionNotSupported'], 'Optional Action Not Implemented');
    }
    if (envelope.name !== 'Envelope' || !operation || !run || servicePath !== atPath) {
      throw new Fault(400, ['env:Sender', 'ter:ActionNotSupported'], 'Optional Action Not Implemented');
    }
    if (!UNAUTHENTICATED.has(operation.name)) authenticate(child(envelope, 'Header'), operation.name);
    if (operation.name === custom?.operation) {
      custom.respond(res);
      return null;
    }
    if (operation.name === malformed)
      return `<${operation.name}Response><tt:Oops></${operation.name}Response>`;
    return run(operation);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || ![DEVICE_PATH, MEDIA_PATH, PTZ_PATH].includes(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push(raw);
      let status = 200;
      let body: string | null;
      try {
        body = handle(raw, req.url ?? '', res);
        if (body === null) return;
      } catch (err) {
        // A bug in the simulator should fail the test with a readable fault, not crash the runner.
        const fault = err instanceof Fault ? err : new Fault(500, ['env:Receiver'], String(err));
        status = fault.status;
        body = faultXml(fault);
      }
      res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(envelopeXml(body));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const endpoint = `urn:uuid:${randomUUID()}`;
  const probes: string[] = [];
  const responder = options.discovery
    ? await startDiscoveryResponder(endpoint, `${origin}${DEVICE_PATH}`, options.discovery, probes)
    : null;
  return {
    url: `${origin}${DEVICE_PATH}`,
    users: () => users.map((u) => ({ ...u })),
    requests: () => [...received],
    answerMalformed: (operation) => {
      malformed = operation;
    },
    answerWith: (operation, respond) => {
      custom = operation && respond ? { operation, respond } : null;
    },
    endpoint,
    probes: () => [...probes],
    ptzCommands: () => commands.map((c) => ({ ...c })),
    presets: () => presets.map((p) => ({ ...p })),
    close: async () => {
      responder?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

const DISCOVERY_GROUP = '239.255.255.250';
const DISCOVERY_PORT = 3702;
const WSA = 'http://schemas.xmlsoap.org/ws/2004/08/addressing';
const WSD = 'http://schemas.xmlsoap.org/ws/2005/04/discovery';

/**
 * Joins the WS-Discovery group on loopback and answers each Probe for NetworkVideoTransmitter (or for any
 * type) with a ProbeMatches sent unicast to the prober, as devices do.
 */
async function startDiscoveryResponder(
  endpoint: string,
  xaddr: string,
  scopes: { name: string; hardware: string; location?: string },
  probes: string[],
): Promise<dgram.Socket> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  const scopeList = [
    'onvif://www.onvif.org/type/video_encoder',
    'onvif://www.onvif.org/Profile/Streaming',
    `onvif://www.onvif.org/name/${encodeURIComponent(scopes.name)}`,
    `onvif://www.onvif.org/hardware/${encodeURIComponent(scopes.hardware)}`,
    ...(scopes.location ? [`onvif://www.onvif.org/location/${encodeURIComponent(scopes.location)}`] : []),
  ].join(' ');
  socket.on('message', (datagram, from) => {
    const text = datagram.toString('utf8');
    let envelope: XmlElement;
    try {
      envelope = parseXml(text);
    } catch {
      return;
    }
    const action = path(envelope, 'Header', 'Action')?.text.trim();
    const messageId = path(envelope, 'Header', 'MessageID')?.text.trim();
    const types = (path(envelope, 'Body', 'Probe', 'Types')?.text ?? '').split(/\s+/).filter(Boolean);
    if (action !== `${WSD}/Probe` || !messageId) return;
    probes.push(text);
    if (types.length > 0 && !types.some((t) => t.endsWith(':NetworkVideoTransmitter'))) return;
    const reply =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${NS.env}" xmlns:wsa="${WSA}" xmlns:d="${WSD}" ` +
      `xmlns:dn="http://www.onvif.org/ver10/network/wsdl" xmlns:tds="${NS.tds}"><SOAP-ENV:Header>` +
      `<wsa:MessageID>urn:uuid:${randomUUID()}</wsa:MessageID>` +
      `<wsa:RelatesTo>${escapeXml(messageId)}</wsa:RelatesTo>` +
      `<wsa:To SOAP-ENV:mustUnderstand="true">${WSA}/role/anonymous</wsa:To>` +
      `<wsa:Action SOAP-ENV:mustUnderstand="true">${WSD}/ProbeMatches</wsa:Action>` +
      '</SOAP-ENV:Header><SOAP-ENV:Body><d:ProbeMatches><d:ProbeMatch>' +
      `<wsa:EndpointReference><wsa:Address>${endpoint}</wsa:Address></wsa:EndpointReference>` +
      '<d:Types>dn:NetworkVideoTransmitter tds:Device</d:Types>' +
      `<d:Scopes>${escapeXml(scopeList)}</d:Scopes>` +
      `<d:XAddrs>${escapeXml(xaddr)}</d:XAddrs>` +
      '<d:MetadataVersion>1</d:MetadataVersion>' +
      '</d:ProbeMatch></d:ProbeMatches></SOAP-ENV:Body></SOAP-ENV:Envelope>';
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(DISCOVERY_PORT, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.addMembership(DISCOVERY_GROUP, '127.0.0.1');
  return socket;
}

function envelopeXml(body: string): string {
  // Prefixes deliberately differ from the client's, as they do between real devices.
  const xmlns = Object.entries(NS)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope ${xmlns}><env:Body>${body}</env:Body></env:Envelope>`;
}

function faultXml(fault: Fault): string {
  const [code, ...subcodes] = fault.codes;
  const nested = subcodes.reduceRight(
    (inner, sub) => `<env:Subcode><env:Value>${sub}</env:Value>${inner}</env:Subcode>`,
    '',
  );
  return (
    `<env:Fault><env:Code><env:Value>${code}</env:Value>${nested}</env:Code>` +
    `<env:Reason><env:Text xml:lang="en">${escapeXml(fault.reason)}</env:Text></env:Reason></env:Fault>`
  );
}
