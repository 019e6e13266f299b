import type { AddressScope } from '../../platform/net/address-scope.js';
import { OnvifError } from './errors.js';
import { DEVICE_NS, MEDIA_NS, postSoap, readDateTime, readSoapBody, soapEnvelope } from './soap.js';
import { securityHeader } from './wsse.js';
import { child, childrenNamed, escapeXml, path, textOf } from './xml.js';
import type { XmlElement } from './xml.js';

export const DEFAULT_DEVICE_SERVICE_PATH = '/onvif/device_service';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Devices reject UsernameTokens whose Created is too far from their clock (commonly 5 minutes). */
const CLOCK_TOLERANCE_MS = 5_000;

/** `tt:UserLevel`. `Extended` means a vendor-specific level; unknown values from a device map to it. */
export type OnvifUserLevel = 'Administrator' | 'Operator' | 'User' | 'Anonymous' | 'Extended';
export type CreatableUserLevel = 'Administrator' | 'Operator' | 'User';
const USER_LEVELS: readonly OnvifUserLevel[] = ['Administrator', 'Operator', 'User', 'Anonymous', 'Extended'];

export interface OnvifDeviceUser {
  username: string;
  level: OnvifUserLevel;
}

export interface OnvifDeviceClientOptions {
  /** Device service URL; a bare `http://host[:port]` gets the default `/onvif/device_service` path. */
  url: string;
  username: string;
  password: string;
  timeoutMs?: number;
  /** For https device URLs only. Default true; cameras with self-signed certificates need false. */
  rejectUnauthorized?: boolean;
  /** Address scopes never connected to (for a plain user's request: this machine and its link). */
  refuseScopes?: ReadonlySet<AddressScope>;
}

/** GetDeviceInformation; fields a device leaves out are null. */
export interface OnvifDeviceInformation {
  manufacturer: string | null;
  model: string | null;
  firmware_version: string | null;
  serial_number: string | null;
  hardware_id: string | null;
}

/** Where a service of the device answers, for calls outside the device service (see `invoke`). */
export interface OnvifService {
  url: URL;
  namespace: string;
}

/**
 * ONVIF Device Management over SOAP 1.2 (user accounts, device information, service addresses), authenticated
 * with a WS-Security digest UsernameToken; `invoke` lets the other service clients (media-client.ts) share its
 * credentials and learned clock offset. Every method throws `OnvifError` on failure.
 */
export class OnvifDeviceClient {
  readonly url: URL;
  private readonly username: string;
  private readonly password: string;
  private readonly timeoutMs: number;
  private readonly rejectUnauthorized: boolean;
  private readonly refuseScopes: ReadonlySet<AddressScope> | undefined;
  /** Device clock minus ours, learned after a rejected token; applied to every later `Created`. */
  #clockOffsetMs = 0;
  private clockChecked = false;

  constructor(options: OnvifDeviceClientOptions) {
    this.url = deviceServiceUrl(options.url);
    this.username = options.username;
    this.password = options.password;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rejectUnauthorized = options.rejectUnauthorized ?? true;
    this.refuseScopes = options.refuseScopes;
  }

  /** Device clock minus ours, as last learned (0 until then). */
  get clockOffsetMs(): number {
    return this.#clockOffsetMs;
  }

  async getUsers(): Promise<OnvifDeviceUser[]> {
    const response = await this.call('GetUsers', '<tds:GetUsers/>');
    expectResponse(response, 'GetUsersResponse');
    return childrenNamed(response, 'User').map((user) => {
      const username = textOf(child(user, 'Username'));
      if (!username) throw new OnvifError('protocol', 'GetUsers returned a user without a username');
      return { username, level: toUserLevel(textOf(child(user, 'UserLevel'))) };
    });
  }

  async createUser(user: { username: string; password: string; level: CreatableUserLevel }): Promise<void> {
    const body =
      '<tds:CreateUsers><tds:User>' +
      `<tt:Username>${escapeXml(user.username)}</tt:Username>` +
      `<tt:Password>${escapeXml(user.password)}</tt:Password>` +
      `<tt:UserLevel>${escapeXml(user.level)}</tt:UserLevel>` +
      '</tds:User></tds:CreateUsers>';
    const response = await this.call('CreateUsers', body, [user.password]);
    expectResponse(response, 'CreateUsersResponse');
  }

  async deleteUser(username: string): Promise<void> {
    const body = `<tds:DeleteUsers><tds:Username>${escapeXml(username)}</tds:Username></tds:DeleteUsers>`;
    const response = await this.call('DeleteUsers', body);
    expectResponse(response, 'DeleteUsersResponse');
  }

  /**
   * Reads the device clock up front and signs every later token in the device's time, so a camera without NTP
   * accepts the first authenticated call. Returns device minus our clock in ms.
   */
  async syncClock(): Promise<number> {
    const deviceNow = await this.getSystemDateAndTime();
    this.#clockOffsetMs = deviceNow.getTime() - Date.now();
    this.clockChecked = true;
    return this.#clockOffsetMs;
  }

  async getDeviceInformation(): Promise<OnvifDeviceInformation> {
    const response = await this.call('GetDeviceInformation', '<tds:GetDeviceInformation/>');
    expectResponse(response, 'GetDeviceInformationResponse');
    const field = (name: string) => textOf(child(response, name)) || null;
    return {
      manufacturer: field('Manufacturer'),
      model: field('Model'),
      firmware_version: field('FirmwareVersion'),
      serial_number: field('SerialNumber'),
      hardware_id: field('HardwareId'),
    };
  }

  /**
   * The media service address: GetCapabilities (every Profile S device), else GetServices (devices that dropped
   * the older call). Null when the device has no media service.
   */
  getMediaServiceUrl(): Promise<URL | null> {
    return this.getServiceUrl('Media', MEDIA_NS);
  }

  /**
   * A service's address: GetCapabilities for its category, else GetServices by namespace (devices that dropped
   * the older call, or fault on a category they lack). Null when the device has no such service.
   */
  async getServiceUrl(category: 'Media' | 'PTZ', namespace: string): Promise<URL | null> {
    let xaddr: string | undefined;
    try {
      const response = await this.call(
        'GetCapabilities',
        `<tds:GetCapabilities><tds:Category>${category}</tds:Category></tds:GetCapabilities>`,
      );
      expectResponse(response, 'GetCapabilitiesResponse');
      xaddr = textOf(path(response, 'Capabilities', category, 'XAddr'));
    } catch (err) {
      if (!(err instanceof OnvifError) || err.kind !== 'fault') throw err;
    }
    if (!xaddr) {
      const response = await this.call(
        'GetServices',
        '<tds:GetServices><tds:IncludeCapability>false</tds:IncludeCapability></tds:GetServices>',
      );
      expectResponse(response, 'GetServicesResponse');
      const service = childrenNamed(response, 'Service').find(
        (candidate) => textOf(child(candidate, 'Namespace')) === namespace,
      );
      xaddr = textOf(child(service, 'XAddr'));
    }
    if (!xaddr) return null;
    try {
      return new URL(xaddr);
    } catch {
      throw new OnvifError('protocol', `the device reported an invalid ${category} service address`);
    }
  }

  /** An authenticated call to another service of the device, e.g. media (`trt:`-prefixed body). */
  invoke(service: OnvifService, operation: string, body: string): Promise<XmlElement> {
    return this.call(operation, body, [], service);
  }

  /** The device's UTC clock. Unauthenticated by the ONVIF access policy. */
  async getSystemDateAndTime(): Promise<Date> {
    const response = await this.send('GetSystemDateAndTime', '<tds:GetSystemDateAndTime/>', false);
    const utc = readDateTime(path(response, 'SystemDateAndTime', 'UTCDateTime'));
    if (!utc) throw new OnvifError('protocol', 'GetSystemDateAndTime returned no UTC time');
    return utc;
  }

  /**
   * An authenticated call. If the device rejects our token, its clock may be off (cameras without NTP are
   * common): learn the offset once and retry with a `Created` in the device's time.
   */
  private async call(
    operation: string,
    body: string,
    extraSecrets: string[] = [],
    service: OnvifService = { url: this.url, namespace: DEVICE_NS },
  ): Promise<XmlElement> {
    const secrets = [this.password, ...extraSecrets];
    try {
      return await this.sendScrubbed(operation, body, secrets, service);
    } catch (err) {
      if (!(err instanceof OnvifError) || err.kind !== 'auth' || this.clockChecked) throw err;
      this.clockChecked = true;
      const deviceNow = await this.getSystemDateAndTime().catch(() => undefined);
      const offset = deviceNow ? deviceNow.getTime() - Date.now() : 0;
      if (Math.abs(offset) < CLOCK_TOLERANCE_MS) throw err;
      this.#clockOffsetMs = offset;
      return this.sendScrubbed(operation, body, secrets, service);
    }
  }

  private async sendScrubbed(
    operation: string,
    body: string,
    secrets: string[],
    service: OnvifService,
  ): Promise<XmlElement> {
    try {
      return await this.send(operation, body, true, service);
    } catch (err) {
      throw scrub(err, secrets);
    }
  }

  private async send(
    operation: string,
    body: string,
    authenticate: boolean,
    service: OnvifService = { url: this.url, namespace: DEVICE_NS },
  ): Promise<XmlElement> {
    const header = authenticate
      ? securityHeader({
          username: this.username,
          password: this.password,
          created: new Date(Date.now() + this.#clockOffsetMs),
        })
      : '';
    const reply = await postSoap(
      service.url,
      `${service.namespace}/${operation}`,
      soapEnvelope(body, header),
      {
        timeoutMs: this.timeoutMs,
        rejectUnauthorized: this.rejectUnauthorized,
        refuseScopes: this.refuseScopes,
      },
    );
    return readSoapBody(reply);
  }
}

/** Normalises a device URL: default path, and no embedded credentials (they would be sent as HTTP Basic). */
export function deviceServiceUrl(raw: string): URL {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`ONVIF device URL must be http or https, got ${url.protocol}`);
  }
  url.username = '';
  url.password = '';
  if (url.pathname === '' || url.pathname === '/') url.pathname = DEFAULT_DEVICE_SERVICE_PATH;
  return url;
}

export function expectResponse(element: XmlElement, name: string): void {
  if (element.name !== name) throw new OnvifError('protocol', `expected ${name}, got ${element.name}`);
}

function toUserLevel(raw: string | undefined): OnvifUserLevel {
  const lower = (raw ?? '').toLowerCase();
  return USER_LEVELS.find((level) => level.toLowerCase() === lower) ?? 'Extended';
}

/** A device may echo what it was sent; make sure no password leaves this module inside a reason. */
function scrub(err: unknown, secrets: string[]): unknown {
  if (!(err instanceof OnvifError)) return err;
  let reason = err.reason;
  for (const secret of secrets) {
    if (secret.length >= 4) reason = reason.split(secret).join('***');
  }
  return reason === err.reason ? err : new OnvifError(err.kind, reason, err.fault);
}
