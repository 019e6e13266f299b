// The JSON body parser: Fastify's own (prototype-poisoning checks included) behind a scan of the nesting depth.
// JSON.parse copes with a body nested 20,000 deep, but every recursive step after it does not (JSON.stringify
// when the value is stored or forwarded, the audit scrubber): RangeError, 500. Such a body is refused before
// it is parsed, in the same shape as malformed JSON.
import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from './errors.js';

/** Arrays and objects inside each other; real request bodies stay below 10. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text opens more than `maxDepth` arrays/objects inside each other (brackets inside strings
 * do not count). One pass over the characters, no allocation; malformed text is left to JSON.parse.
 */
export function jsonDepthExceeds(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

export const tooDeepMessage = (maxDepth = MAX_JSON_DEPTH) =>
  `JSON is nested too deeply (at most ${maxDepth} levels of arrays and objects)`;

/** Replaces the default `application/json` parser (same limits and errors) with the depth-checking one. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': Fastify hands over text
    const text = body as string;
    if (jsonDepthExceeds(text)) {
      done(new FieldValidationError(['body'], tooDeepMessage(), 'json_invalid'), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
