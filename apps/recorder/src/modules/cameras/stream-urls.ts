// Camera addresses and stream URLs as the API accepts them (API.md §4): hosts are IP literals or DNS names;
// stream URLs use an allowed scheme, and credentials embedded in them are split out so that URLs are stored,
// returned and logged without secrets.
import { isIP } from 'node:net';
import { deviceServiceUrl } from '../../media/onvif/device-client.js';
import { FieldValidationError } from '../../platform/http/errors.js';

/** SEED.md: rtsp_url, substream_url (and a config's source_url) hold at most 500 characters. */
export const MAX_STREAM_URL_LENGTH = 500;
export const STREAM_URL_SCHEMES = ['rtsp', 'rtsps', 'rtmp', 'http', 'https'] as const;
const HOSTNAME =
  /^(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

export function isValidHost(host: string): boolean {
  if (isIP(host) !== 0) return true;
  // All-numeric names are malformed IP addresses, not hostnames (no top-level domain is numeric).
  return HOSTNAME.test(host) && !/^[\d.]+$/.test(host);
}

export function checkHost(host: string, field = 'ip_address'): void {
  if (!isValidHost(host)) {
    throw new FieldValidationError(['body', field], 'Input should be an IPv4/IPv6 address or a DNS hostname');
  }
}

export interface SplitUrl {
  url: string;
  username: string | null;
  password: string | null;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export function splitStreamUrl(value: string, field: string): SplitUrl {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FieldValidationError(['body', field], 'Input should be a valid URL');
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(STREAM_URL_SCHEMES as readonly string[]).includes(scheme)) {
    throw new FieldValidationError(
      ['body', field],
      `URL scheme should be one of ${STREAM_URL_SCHEMES.join(', ')}`,
    );
  }
  if (url.hostname === '') throw new FieldValidationError(['body', field], 'URL should name a host');
  const username = url.username ? decode(url.username) : null;
  const password = url.password ? decode(url.password) : null;
  if ((username?.length ?? 0) > 50 || (password?.length ?? 0) > 255) {
    throw new FieldValidationError(['body', field], 'Credentials in the URL are too long');
  }
  url.username = '';
  url.password = '';
  const cleaned = url.toString();
  // The URL is stored as normalised (percent-encoded), which can be longer than what was sent.
  if (cleaned.length > MAX_STREAM_URL_LENGTH) {
    throw new FieldValidationError(
      ['body', field],
      `URL should have at most ${MAX_STREAM_URL_LENGTH} characters once normalised (it has ${cleaned.length})`,
    );
  }
  return { url: cleaned, username, password };
}

/**
 * An ONVIF device service URL as a camera stores it: http or https with a host, the default service path when
 * none is given, and no credentials (the camera's own username and password are used for the device).
 */
export function onvifDeviceUrl(value: string): string {
  let url: URL;
  try {
    url = deviceServiceUrl(value);
  } catch {
    throw new FieldValidationError(['body', 'onvif_xaddr'], 'Input should be an http or https URL');
  }
  if (url.hostname === '') throw new FieldValidationError(['body', 'onvif_xaddr'], 'URL should name a host');
  const cleaned = url.toString();
  if (cleaned.length > MAX_STREAM_URL_LENGTH) {
    throw new FieldValidationError(
      ['body', 'onvif_xaddr'],
      `URL should have at most ${MAX_STREAM_URL_LENGTH} characters once normalised (it has ${cleaned.length})`,
    );
  }
  return cleaned;
}
