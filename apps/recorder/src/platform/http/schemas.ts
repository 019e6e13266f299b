// Schema building blocks shared by every module's *.schemas.ts.
import {
  Type,
  type ObjectOptions,
  type StringOptions,
  type TString,
  type TNull,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox';

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * `T | null`. Primitives become `type: [T, "null"]` rather than `anyOf`: the response serializer handles a type
 * list directly but has to trial-validate every `anyOf` branch, which made large lists several times slower.
 */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  const type: unknown = schema.type;
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type) && schema.anyOf === undefined) {
    return Type.Unsafe({ ...schema, type: [type, 'null'] }) as unknown as TUnion<[T, TNull]>;
  }
  return Type.Union([schema, Type.Null()]);
}

/** Every field optional and nullable: the shape of SEED.md's *Update models. Defaults are not applied. */
export function PartialNullable<T extends Record<string, TSchema>>(
  fields: T,
): { [K in keyof T]: TOptional<TUnion<[T[K], TNull]>> } {
  return Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, Type.Optional(Type.Union([schema, Type.Null()]))]),
  ) as { [K in keyof T]: TOptional<TUnion<[T[K], TNull]>> };
}

/** A string enum as a single `enum` keyword: clearer validation messages and OpenAPI than a union of literals. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string; title?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const Timestamp = Type.String({ format: 'date-time' });

/** What a video player says it decodes (live and recorded): `h264` for browsers without HEVC. */
export const PLAYER_VIDEO = ['any', 'h264'] as const;

// Bounds for free text and free JSON that the specification leaves open (SEED.md "Limits"), shared so that the
// same kind of field has the same limit everywhere. Every string, array and free object of a request schema has
// one (a test walks the OpenAPI document).

// What characters a string may hold (issue #32; string-rules.ts applies and checks them). NUL is refused in every
// string a request carries, described by a schema or not (PostgreSQL cannot store it). A string a request schema
// declares is single-line text — a name, label, identifier, URL, key or token: no C0 control character and no DEL —
// unless it is declared FreeText() (descriptions, notes, JSON text, SDP: tab, line feed and carriage return allowed)
// or Secret() (a password presented for checking: only NUL refused, so an old password still signs in). A string
// with a pattern, format, enum or const of its own keeps it; such a pattern must refuse control characters too.

/** Single-line text: no C0 control character (U+0000–U+001F) and no DEL (U+007F). What an unmarked string gets. */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
/** Free text: C0 control characters other than tab, line feed and carriage return refused. */
export const FREE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$';
/** Only NUL refused. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** A character class for patterns of their own (URLs, keys): anything but whitespace and control characters. */
export const VISIBLE_CHARACTER = '[^\\s\\u0000-\\u001F\\u007F]';

/** Multi-line text (descriptions, notes, JSON text): control characters other than tab, LF and CR refused. */
export const FreeText = (options: StringOptions = {}): TString =>
  Type.String({ ...options, pattern: FREE_TEXT_PATTERN });

/** A secret presented for checking (a login password): only NUL refused, so no existing one is locked out. */
export const Secret = (options: StringOptions = {}): TString =>
  Type.String({ ...options, pattern: NO_NUL_PATTERN });

/** A free-text description (cameras, layouts). */
export const DESCRIPTION_MAX_LENGTH = 2000;

/** Schema keyword (checked in validation.ts): the value's JSON text is at most this many characters long. */
export const MAX_JSON_LENGTH = 'x-max-json-length';

/**
 * A JSON object taken as sent (stored and listed again, or forwarded), bounded in keys and in the length of its
 * JSON text, so that one request cannot store megabytes that every later listing carries. Its depth is bounded
 * by the body parser (platform/http/json-body.ts).
 */
export function JsonObject<T extends TProperties>(
  properties: T,
  bounds: { maxProperties: number; maxJsonLength: number },
  options: ObjectOptions = {},
): TObject<T> {
  return Type.Object(properties, {
    additionalProperties: true,
    ...options,
    maxProperties: bounds.maxProperties,
    [MAX_JSON_LENGTH]: bounds.maxJsonLength,
  });
}

/** `?ticket=` of the media and event URLs (API.md §10): a signed token of a few hundred characters. */
export const TicketQuery = Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 4096 })) });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A point in normalised picture coordinates: x and y from 0 (top left) to 1 (bottom right). */
const NormalisedPoint = Type.Array(Type.Number({ minimum: 0, maximum: 1 }), { minItems: 2, maxItems: 2 });
/**
 * A polygon over a camera's picture (motion masks, zones): 3 to 64 points. That it does not cross itself is
 * checked by the services (platform/geometry/polygon.ts), which name the polygon.
 */
export const NormalisedPolygon = Type.Array(NormalisedPoint, { minItems: 3, maxItems: 64 });

export const Paging = {
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
};

const ValidationIssue = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  type: Type.String(),
});

/** `{detail}`: a sentence, an object with a code, or (422) the list of validation issues. */
export const ErrorResponse = Type.Object({
  detail: Type.Union([
    Type.String(),
    Type.Array(ValidationIssue),
    Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: true }),
  ]),
});

/** Error responses every authenticated route can give, for OpenAPI. */
export const authErrors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse } as const;
