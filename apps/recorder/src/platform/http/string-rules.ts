// The platform's rule for the strings requests carry (issue #32; the patterns are in schemas.ts). Two parts, both
// applied to every route from one place:
// - Each route's request schemas (body, query string, path) are given the single-line rule on every string that has
//   no rule of its own, when the route is registered: Fastify validates with it and the OpenAPI document shows it,
//   so a field added tomorrow is covered without anyone remembering to. Multi-line text and secrets say so with
//   FreeText() and Secret().
// - NUL is refused in every string of a request before it is validated, including those no schema describes (free
//   JSON objects, object keys, routes without a schema): PostgreSQL cannot store it (a 500 even on the login form).
// Both answer 422 in the usual shape, naming the field.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { FieldValidationError } from './errors.js';
import { FREE_TEXT_PATTERN, NO_NUL_PATTERN, SINGLE_LINE_PATTERN } from './schemas.js';

/** What a refused string is told, by the rule it broke (validation.ts). */
export const STRING_RULE_MESSAGES: Record<string, string> = {
  [SINGLE_LINE_PATTERN]: 'String should not contain control characters (U+0000 to U+001F, U+007F)',
  [FREE_TEXT_PATTERN]:
    'Text should not contain control characters other than tab, line feed and carriage return',
  [NO_NUL_PATTERN]: 'String should not contain NUL characters (U+0000)',
};

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is a schema, a list of schemas, or a map of schemas (what the walk descends into). */
const SCHEMA_VALUED = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);

/** A string the author gave no rule of its own (a pattern, format, enum or const). */
function unruledString(schema: Schema): boolean {
  const types = [schema.type].flat();
  return (
    types.includes('string') &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
  );
}

/** A copy of the request schema in which every string without a rule of its own is single-line text. */
export function withStringRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withStringRules);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_VALUED.has(key) || SCHEMA_LISTS.has(key)) out[key] = withStringRules(value);
    else if (SCHEMA_MAPS.has(key) && isObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, withStringRules(inner)]),
      );
    else out[key] = value;
  }
  if (unruledString(out)) out.pattern = SINGLE_LINE_PATTERN;
  return out;
}

/** Where the first string (or object key) holding NUL is, or null. Bytes and streams are not walked. */
export function findNul(value: unknown, loc: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? loc : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...loc, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  // Bytes and streams are not text. (Parsed query strings and forms are objects without Object's prototype.)
  if (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    typeof (value as { pipe?: unknown }).pipe === 'function'
  )
    return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...loc, key];
    const found = findNul(inner, [...loc, key]);
    if (found) return found;
  }
  return null;
}

/** Registers both parts; call before any route (and before @fastify/swagger, which reads the schemas as given). */
export function registerStringRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // `query` is Fastify's alias of `querystring` (not in its types).
    const schema: (FastifySchema & { query?: unknown }) | undefined = route.schema;
    if (!schema) return;
    route.schema = {
      ...schema,
      ...(schema.body !== undefined && { body: withStringRules(schema.body) }),
      ...(schema.querystring !== undefined && { querystring: withStringRules(schema.querystring) }),
      ...(schema.query !== undefined && { query: withStringRules(schema.query) }),
      ...(schema.params !== undefined && { params: withStringRules(schema.params) }),
    };
  });
  // A callback hook, not an async one: it runs on every request, and finds nothing almost always.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findNul(request.body, ['body']) ??
      findNul(request.query, ['query']) ??
      findNul(request.params, ['path']);
    done(
      found
        ? new FieldValidationError(found, STRING_RULE_MESSAGES[NO_NUL_PATTERN]!, 'string_pattern_mismatch')
        : undefined,
    );
  });
}
