// RTSP/1.0 requests as a reader's TCP connection sends them (RFC 2326): a request line, headers and an optional
// body, mixed with interleaved binary frames (`$`, channel, 16-bit length: the reader's RTCP reports over TCP). The
// bytes come from anyone who can reach the port, so every part is bounded and anything malformed is a
// RtspSyntaxError (answered 400, connection closed) — never an exception that escapes, never unbounded memory.

/** The request line and headers together (a reader's are a few hundred bytes; Digest adds a few hundred more). */
export const MAX_HEAD_BYTES = 8 * 1024;
/** Readers send no bodies of interest (GET_PARAMETER may carry a few names). */
export const MAX_BODY_BYTES = 4 * 1024;
export const MAX_HEADERS = 50;

export interface RtspRequest {
  method: string;
  uri: string;
  /** by lower-cased name; a repeated header keeps its first value */
  headers: Map<string, string>;
  body: Buffer;
}

export type RtspMessage =
  { kind: 'request'; request: RtspRequest } | { kind: 'interleaved'; channel: number };

export class RtspSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RtspSyntaxError';
  }
}

const METHOD = /^[A-Z_]{1,32}$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
// Visible ASCII without spaces: request URIs are absolute rtsp:// URLs or `*`.
const URI = /^[\x21-\x7e]{1,2048}$/;
const INTERLEAVED = 0x24; // '$'

/** Splits a connection's bytes into requests and interleaved frames; push() each chunk as it arrives. */
export class RtspRequestReader {
  #pending: Buffer = Buffer.alloc(0);
  /** a parsed head waiting for this many body bytes */
  #awaiting: { request: RtspRequest; length: number } | null = null;

  /** The whole messages the bytes so far complete. Throws RtspSyntaxError; the connection is then unusable. */
  push(chunk: Buffer): RtspMessage[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const messages: RtspMessage[] = [];
    for (;;) {
      const message = this.#next();
      if (!message) break;
      messages.push(message);
    }
    return messages;
  }

  #next(): RtspMessage | null {
    const data = this.#pending;
    if (this.#awaiting) {
      const { request, length } = this.#awaiting;
      if (data.length < length) return null;
      this.#awaiting = null;
      request.body = Buffer.from(data.subarray(0, length));
      this.#pending = data.subarray(length);
      return { kind: 'request', request };
    }
    if (data.length === 0) return null;
    if (data[0] === INTERLEAVED) {
      if (data.length < 4) return null;
      const length = data.readUInt16BE(2);
      if (data.length < 4 + length) return null;
      this.#pending = data.subarray(4 + length);
      return { kind: 'interleaved', channel: data[1]! };
    }
    // Blank lines between requests are tolerated (some clients end a request with one too many).
    if (data[0] === 0x0d || data[0] === 0x0a) {
      this.#pending = data.subarray(1);
      return this.#next();
    }
    const end = headEnd(data);
    if (end === null) {
      if (data.length > MAX_HEAD_BYTES) throw new RtspSyntaxError('request head too large');
      return null;
    }
    if (end.headLength > MAX_HEAD_BYTES) throw new RtspSyntaxError('request head too large');
    const request = parseHead(data.subarray(0, end.headLength).toString('latin1'));
    this.#pending = data.subarray(end.headLength + end.separatorLength);
    const lengthHeader = request.headers.get('content-length');
    const length = lengthHeader === undefined ? 0 : contentLength(lengthHeader);
    if (length === 0) return { kind: 'request', request };
    this.#awaiting = { request, length };
    return this.#next();
  }
}

/** Where the head ends: the first empty line (CRLF CRLF, or bare LF LF from a sloppy client). */
function headEnd(data: Buffer): { headLength: number; separatorLength: number } | null {
  const limit = Math.min(data.length, MAX_HEAD_BYTES + 4);
  for (let i = 0; i < limit; i++) {
    if (data[i] !== 0x0a) continue;
    if (data[i + 1] === 0x0a) return { headLength: i, separatorLength: 2 };
    if (data[i + 1] === 0x0d && data[i + 2] === 0x0a) return { headLength: i, separatorLength: 3 };
  }
  return null;
}

function contentLength(value: string): number {
  if (!/^\d{1,6}$/.test(value)) throw new RtspSyntaxError('bad Content-Length');
  const length = Number(value);
  if (length > MAX_BODY_BYTES) throw new RtspSyntaxError('body too large');
  return length;
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

function parseHead(head: string): RtspRequest {
  const lines = head.split(/\r?\n/);
  const requestLine = lines.shift() ?? '';
  const parts = requestLine.split(' ');
  if (parts.length !== 3) throw new RtspSyntaxError('malformed request line');
  const [method, uri, version] = parts as [string, string, string];
  if (!METHOD.test(method)) throw new RtspSyntaxError('malformed method');
  if (!URI.test(uri)) throw new RtspSyntaxError('malformed request URI');
  if (version !== 'RTSP/1.0') throw new RtspSyntaxError('unsupported protocol version');
  if (lines.length > MAX_HEADERS) throw new RtspSyntaxError('too many headers');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new RtspSyntaxError('malformed header line');
    const name = line.slice(0, colon);
    if (!HEADER_NAME.test(name)) throw new RtspSyntaxError('malformed header name');
    const value = line.slice(colon + 1).trim();
    // Control characters in a value (but tab) would end up in our answers or logs.
    if (hasControl(value)) throw new RtspSyntaxError('control character in a header');
    const key = name.toLowerCase();
    if (!headers.has(key)) headers.set(key, value);
  }
  return { method, uri, headers, body: Buffer.alloc(0) };
}
