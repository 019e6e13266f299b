import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { guardedLookup, refuseLiteral, type AddressScope } from '../../platform/net/address-scope.js';
import { OnvifError } from './errors.js';
import { XmlParseError, XmlTreeBuilder, child, childrenNamed, path, textOf } from './xml.js';
import type { XmlElement } from './xml.js';

export const SOAP_ENV_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const DEVICE_NS = 'http://www.onvif.org/ver10/device/wsdl';
export const SCHEMA_NS = 'http://www.onvif.org/ver10/schema';
export const MEDIA_NS = 'http://www.onvif.org/ver10/media/wsdl';

/** Devices answer user-management calls with a few kB; anything near this is not a SOAP reply. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_REASON_CHARS = 500;

/** A SOAP 1.2 envelope declaring the prefixes our bodies use (`s`, `tds`, `trt`, `tt`). */
export function soapEnvelope(body: string, header = ''): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<s:Envelope xmlns:s="${SOAP_ENV_NS}" xmlns:tds="${DEVICE_NS}" xmlns:trt="${MEDIA_NS}" xmlns:tt="${SCHEMA_NS}">` +
    (header ? `<s:Header>${header}</s:Header>` : '') +
    `<s:Body>${body}</s:Body>` +
    '</s:Envelope>'
  );
}

export interface SoapReply {
  status: number;
  /** The body's XML tree, or why it is not one (not XML at all, malformed, past a bound of xml.ts). */
  document: XmlElement | XmlParseError;
}

export interface PostOptions {
  timeoutMs: number;
  /** Only for https device URLs; cameras often use self-signed certificates. */
  rejectUnauthorized?: boolean;
  /**
   * Address scopes never connected to, checked on the address actually used (a host name that resolves
   * somewhere else after the caller's own check cannot slip through).
   */
  refuseScopes?: ReadonlySet<AddressScope>;
}

// One guarded lookup per scope set, like the outbound HTTP helper's agents.
const guardedLookups = new WeakMap<ReadonlySet<AddressScope>, LookupFunction>();

function lookupFor(refused: ReadonlySet<AddressScope>): LookupFunction {
  let lookup = guardedLookups.get(refused);
  if (!lookup) {
    lookup = guardedLookup(refused);
    guardedLookups.set(refused, lookup);
  }
  return lookup;
}

/**
 * POSTs a SOAP 1.2 message. The timeout covers the whole exchange, from connecting to the last body byte.
 * Transport failures become `unreachable`/`timeout`/`protocol` errors; HTTP error statuses are returned so
 * the caller can read the SOAP fault most devices send with them. The body is parsed piece by piece as it
 * arrives (never in one long pause of the event loop), and the first piece that is not XML, or that passes a
 * bound of the parser, ends the exchange there.
 */
export function postSoap(
  url: URL,
  action: string,
  payload: string,
  options: PostOptions,
): Promise<SoapReply> {
  const literal = options.refuseScopes ? refuseLiteral(url.hostname, options.refuseScopes) : null;
  if (literal) return Promise.reject(new OnvifError('refused', literal.message));
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: SoapReply | OnvifError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Nothing more is read: after an error, or a body already judged unreadable (a no-op once it has ended).
      request.destroy();
      if (outcome instanceof OnvifError) reject(outcome);
      else resolve(outcome);
    };

    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        // A fresh connection per call: these are rare admin operations, and a pooled socket the camera has
        // silently dropped would surface as a bogus "unreachable".
        agent: false,
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="${action}"`,
          'content-length': Buffer.byteLength(payload),
        },
        ...(url.protocol === 'https:' ? { rejectUnauthorized: options.rejectUnauthorized ?? true } : {}),
        ...(options.refuseScopes ? { lookup: lookupFor(options.refuseScopes) } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const tree = new XmlTreeBuilder();
        const decoder = new StringDecoder('utf8');
        let size = 0;
        const parse = (step: () => XmlElement | void) => {
          try {
            const root = step();
            if (root) settle({ status, document: root });
          } catch (error) {
            if (!(error instanceof XmlParseError)) throw error;
            settle({ status, document: error });
          }
        };
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) settle(new OnvifError('protocol', 'response too large'));
          else parse(() => tree.write(decoder.write(chunk)));
        });
        response.on('end', () => parse(() => (tree.write(decoder.end()), tree.end())));
        response.on('error', (err) => settle(transportError(err, url)));
      },
    );
    const timer = setTimeout(
      () => settle(new OnvifError('timeout', `no response from ${url.host} within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (err) => settle(transportError(err, url)));
    request.end(payload);
  });
}

const UNREACHABLE_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  EADDRNOTAVAIL: 'address not available',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
};

function transportError(err: Error & { code?: string }, url: URL): OnvifError {
  const code = err.code ?? '';
  if (code === 'EADDRREFUSED') return new OnvifError('refused', err.message);
  if (code === 'ETIMEDOUT') return new OnvifError('timeout', `connection to ${url.host} timed out`);
  if (code.startsWith('HPE_'))
    return new OnvifError('protocol', `${url.host} did not answer with valid HTTP`);
  const known = UNREACHABLE_REASONS[code];
  if (known) return new OnvifError('unreachable', `${known} (${url.host})`);
  // Node's own messages name host and port at most; they never contain the request body.
  return new OnvifError('unreachable', `${url.host}: ${code || err.message}`);
}

/**
 * Turns an HTTP reply into the first element of the SOAP Body, or throws: SOAP faults become `auth` (for
 * `ter:NotAuthorized`, or any fault on HTTP 401) or `fault`, with the device's reason text.
 */
export function readSoapBody(reply: SoapReply): XmlElement {
  const root = reply.document instanceof XmlParseError ? undefined : reply.document;
  const body = root?.name === 'Envelope' ? child(root, 'Body') : undefined;
  const first = body?.children[0];
  if (first?.name === 'Fault') throw faultError(first, reply.status);
  if (reply.status === 401) {
    // Typically a bare HTTP Digest challenge from a device that wants HTTP authentication instead.
    return fail('auth', 'device refused the credentials (HTTP 401)');
  }
  if (reply.status < 200 || reply.status >= 300) {
    return fail('protocol', `unexpected HTTP ${reply.status} without a SOAP fault`);
  }
  if (reply.document instanceof XmlParseError) {
    return fail('protocol', `response refused by the XML parser: ${reply.document.message}`);
  }
  if (!body) return fail('protocol', 'response is not a SOAP envelope');
  if (!first) return fail('protocol', 'empty SOAP body');
  return first;
}

function fail(kind: 'auth' | 'protocol', reason: string): never {
  throw new OnvifError(kind, reason);
}

function faultError(fault: XmlElement, status: number): OnvifError {
  const codes: string[] = [];
  // SOAP 1.2: Code/Value, then nested Subcode/Value, innermost most specific.
  for (let at = child(fault, 'Code'); at; at = child(at, 'Subcode')) {
    const value = textOf(child(at, 'Value'));
    if (value) codes.push(value);
  }
  // SOAP 1.1 devices still exist: <faultcode>/<faultstring>.
  const legacyCode = textOf(child(fault, 'faultcode'));
  if (legacyCode) codes.push(legacyCode);

  const texts = childrenNamed(child(fault, 'Reason'), 'Text');
  const english = texts.find((t) => (t.attributes['xml:lang'] ?? '').toLowerCase().startsWith('en'));
  let reason = textOf(english ?? texts[0]) || textOf(child(fault, 'faultstring')) || '';
  if (!reason) reason = codes.length > 0 ? `SOAP fault ${codes.join(' / ')}` : 'SOAP fault without a reason';
  if (reason.length > MAX_REASON_CHARS) reason = `${reason.slice(0, MAX_REASON_CHARS)}…`;

  const notAuthorized = codes.some((c) => localName(c) === 'NotAuthorized');
  return new OnvifError(notAuthorized || status === 401 ? 'auth' : 'fault', reason, {
    codes,
    httpStatus: status,
  });
}

export function localName(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/** Reads `tt:DateTime` (`Date/Year…`, `Time/Hour…`) as a UTC instant. */
export function readDateTime(element: XmlElement | undefined): Date | undefined {
  const part = (...names: string[]) => Number(textOf(path(element, ...names)));
  const [y, mo, d] = [part('Date', 'Year'), part('Date', 'Month'), part('Date', 'Day')];
  const [h, mi, s] = [part('Time', 'Hour'), part('Time', 'Minute'), part('Time', 'Second')];
  if (![y, mo, d, h, mi, s].every(Number.isInteger)) return undefined;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}
