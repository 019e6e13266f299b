// Two Ajv instances: request bodies are validated strictly (no type coercion, unknown fields rejected, all
// errors reported), while query strings and path params are coerced from their string form.
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ValidationIssue } from './errors.js';
import { MAX_JSON_LENGTH } from './schemas.js';
import { STRING_RULE_MESSAGES } from './string-rules.js';

// Both are CommonJS modules whose default export is the real one.
const Ajv = AjvModule.default;
type Ajv = InstanceType<typeof Ajv>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function createAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: MAX_JSON_LENGTH, type: 'object', schemaType: 'number', validate: maxJsonLength });
  return ajv;
}

/** The `x-max-json-length` keyword (depth is bounded by the body parser; a value too deep counts as too long). */
function maxJsonLength(limit: number, data: unknown): boolean {
  let length: number;
  try {
    length = JSON.stringify(data).length;
  } catch {
    length = Infinity;
  }
  if (length <= limit) return true;
  maxJsonLength.errors = [{ keyword: MAX_JSON_LENGTH, params: { limit } }];
  return false;
}
maxJsonLength.errors = [] as { keyword: string; params: { limit: number } }[];

const bodyAjv = createAjv(false);
const paramAjv = createAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** The part of an Ajv error this module reads (Fastify passes Ajv's errors through as these). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: object;
  message?: string;
}

/** Ajv errors → FastAPI-style issues, one per field, preferring the most specific message. */
export function toValidationIssues(errors: SchemaError[], part: string | undefined): ValidationIssue[] {
  const root = PART_NAMES[part ?? 'body'] ?? 'body';
  const byPath = new Map<string, { error: SchemaError; loc: (string | number)[] }>();
  for (const error of errors) {
    const loc: (string | number)[] = [
      root,
      ...error.instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
    ];
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') loc.push(String(params.missingProperty));
    if (error.keyword === 'additionalProperties') loc.push(String(params.additionalProperty));
    const key = loc.join('\u0000');
    const current = byPath.get(key);
    if (!current || (isGeneric(current.error) && !isGeneric(error))) byPath.set(key, { error, loc });
  }
  return [...byPath.values()].map(({ error, loc }) => ({ loc, ...describe(error) }));
}

// Errors produced by nullable unions (`anyOf` of a type and null) say less than the branch's own error.
const isGeneric = (error: SchemaError) => ['anyOf', 'type', 'const', 'oneOf'].includes(error.keyword);

function describe(error: SchemaError): { msg: string; type: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { msg: 'Field required', type: 'missing' };
    case 'additionalProperties':
      return { msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
    case 'maxLength':
      return {
        msg: `String should have at most ${String(params.limit)} characters`,
        type: 'string_too_long',
      };
    case 'minLength':
      return {
        msg: `String should have at least ${String(params.limit)} characters`,
        type: 'string_too_short',
      };
    case 'maximum':
      return {
        msg: `Input should be less than or equal to ${String(params.limit)}`,
        type: 'less_than_equal',
      };
    case 'minimum':
      return {
        msg: `Input should be greater than or equal to ${String(params.limit)}`,
        type: 'greater_than_equal',
      };
    case MAX_JSON_LENGTH:
      return {
        msg: `Value should be at most ${String(params.limit)} characters long as JSON`,
        type: 'too_long',
      };
    case 'maxProperties':
      return { msg: `Object should have at most ${String(params.limit)} keys`, type: 'too_long' };
    case 'maxItems':
      return { msg: `List should have at most ${String(params.limit)} items`, type: 'too_long' };
    case 'minItems':
      return { msg: `List should have at least ${String(params.limit)} items`, type: 'too_short' };
    case 'pattern':
      return {
        // The platform's string rules say what they refuse rather than show their pattern.
        msg:
          STRING_RULE_MESSAGES[String(params.pattern)] ??
          `String should match pattern '${String(params.pattern)}'`,
        type: 'string_pattern_mismatch',
      };
    case 'enum':
      return {
        msg: `Input should be one of: ${(params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`,
        type: 'enum',
      };
    case 'format':
      return { msg: `Input should be a valid ${String(params.format)}`, type: 'value_error' };
    case 'type':
      return { msg: `Input should be a valid ${String(params.type)}`, type: `${String(params.type)}_type` };
    case 'uniqueItems':
      return { msg: 'List items should be unique', type: 'unique_items' };
    default:
      return { msg: error.message ?? 'Invalid value', type: 'value_error' };
  }
}
