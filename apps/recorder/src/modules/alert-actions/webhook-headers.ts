// The headers a webhook may be configured with. What the HTTP client would refuse to send (fetch/undici, with
// the same rules as node:http's validateHeaderName/validateHeaderValue) is refused when it is configured — 422
// naming the header — instead of being stored and then failing every delivery.
import { FieldValidationError } from '../../platform/http/errors.js';

/** RFC 9110 §5.6.2: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5: HTAB, SP, visible ASCII and obs-text (the rest of Latin-1); never CR, LF, NUL or other controls. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const MAX_NAME_LENGTH = 64;

/** The recorder sets these on every webhook request; a configured one would clash or be overwritten. */
const SET_BY_RECORDER = new Set([
  'content-type',
  'content-length',
  'host',
  'user-agent',
  'x-signature-256',
  'x-timestamp',
]);
/** Connection-level headers (RFC 9110 §7.6.1) that the HTTP client manages itself; fetch refuses most of them. */
const CONNECTION_LEVEL = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** Throws a FieldValidationError at `loc` + the header's name for the first header that cannot be sent. */
export function checkWebhookHeaders(headers: Record<string, string>, loc: (string | number)[]): void {
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    const fail = (msg: string): never => {
      throw new FieldValidationError([...loc, name], msg);
    };
    if (name.length > MAX_NAME_LENGTH || !TOKEN.test(name)) {
      fail(
        `Header names are 1 to ${MAX_NAME_LENGTH} letters, digits or !#$%&'*+-.^_\`|~ (an HTTP token): ` +
          'no spaces, colons or line breaks',
      );
    }
    const lower = name.toLowerCase();
    if (SET_BY_RECORDER.has(lower)) fail('This header is set by the recorder');
    if (CONNECTION_LEVEL.has(lower))
      fail('This header belongs to the connection and is set by the HTTP client');
    if (seen.has(lower)) fail('This header is given twice (header names are case-insensitive)');
    seen.add(lower);
    if (!FIELD_VALUE.test(value)) {
      fail('Header values are Latin-1 text without control characters (no CR, LF or NUL)');
    }
  }
}
