// The OpenAPI document's metadata (served at /openapi.json, committed as apps/recorder/openapi.json for the web
// app's generated client): info, servers, tags, and the pieces routes use to describe bodies that are not JSON.
// Everything here is documentation: Fastify neither validates nor serializes with it.
import { STATUS_CODES } from 'node:http';
import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { ErrorResponse } from './schemas.js';

/** Every tag an operation may carry, in the order the documentation shows them. */
export const API_TAGS = [
  { name: 'health', description: 'Liveness of the recorder (no token needed).' },
  { name: 'metrics', description: 'Prometheus metrics: the scrape token or a superuser (docs/metrics.md).' },
  { name: 'auth', description: 'Log in, refresh and log out; the signed-in user.' },
  {
    name: 'users',
    description: 'User accounts: superusers manage them, everyone changes their own password.',
  },
  { name: 'audit', description: 'The audit log of changes and security events (superuser).' },
  {
    name: 'cameras',
    description: 'Cameras: add, list, change, move to the bin, restore and delete for good.',
  },
  {
    name: 'camera-config',
    description:
      "A camera's stream configuration: recording, segment length, transport and its transport-security policy.",
  },
  { name: 'permissions', description: 'Who besides the owner may view or manage a camera.' },
  { name: 'skills', description: 'Skills that consumers (apps, adapters, rules) declare on cameras.' },
  { name: 'device-users', description: 'Accounts on the camera itself, managed over ONVIF.' },
  { name: 'onvif', description: 'ONVIF discovery, device inspection and adding a camera from a device.' },
  { name: 'ptz', description: "Pan, tilt, zoom and presets of a camera's ONVIF device." },
  {
    name: 'recordings',
    description:
      'Recorded MP4 chunks: list, download (HTTP Range), HLS playback and export of a range; recording settings.',
  },
  {
    name: 'live',
    description: 'Live view: low-latency HLS, WebRTC (WHEP), snapshots, and tickets for players.',
  },
  {
    name: 'events',
    description: 'Stored incidents and the live event stream (Server-Sent Events or WebSocket).',
  },
  { name: 'alerts', description: 'Alerts, their acknowledgement, and the notification actions.' },
  { name: 'ai', description: 'AI models, detection results, the adapters that run them, capabilities.' },
  {
    name: 'cloud',
    description:
      'Cloud providers: credentials, models, inference and jobs; cloud recording upload and stream targets.',
  },
  { name: 'layouts', description: "The caller's live-wall window layouts." },
  { name: 'motion', description: "Motion detection of a camera's picture: settings, masks and state." },
  {
    name: 'zones',
    description: "Named areas of a camera's picture: the objects they watch, entry and exit, alert rules.",
  },
  {
    name: 'review',
    description: 'Incidents to review: tracked objects grouped, with a snapshot and a clip; review settings.',
  },
  { name: 'apps', description: 'Registered apps and their API keys.' },
  {
    name: 'media-source',
    description: 'TLS material for media sources: certificate, key and CA bundle (superuser).',
  },
  { name: 'system', description: 'Configuration backup and restore (superuser).' },
  {
    name: 'integrations',
    description: 'MQTT broker connection with Home Assistant discovery (superuser; docs/mqtt.md).',
  },
  {
    name: 'nodes',
    description:
      'The recorders sharing one PostgreSQL database, the cameras each runs; drain, resume, remove (superuser; docs/cluster.md).',
  },
];

/** A body that is bytes, not JSON (a file, a picture, a stream). */
export const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** A success response whose body is not JSON: its media type, what it is, and the headers worth knowing. */
export function mediaResponse<T extends TSchema>(
  mediaType: string | string[],
  schema: T,
  description: string,
  headers?: Record<string, TSchema>,
): { description: string; headers?: Record<string, TSchema>; content: Record<string, { schema: T }> } {
  const types = Array.isArray(mediaType) ? mediaType : [mediaType];
  return {
    description,
    ...(headers && { headers }),
    content: Object.fromEntries(types.map((type) => [type, { schema }])),
  };
}

/** Headers of a file sent with HTTP Range support (platform/http/file-response.ts). */
export const FILE_HEADERS = {
  'accept-ranges': Type.String({ description: 'Always `bytes`: one range may be asked for with `Range`' }),
  'content-length': Type.Integer({ description: 'Bytes in this response' }),
};

/** The 206 answer to a `Range` request for a file of `mediaType`. */
export function partialFileResponse(mediaType: string): ReturnType<typeof mediaResponse> {
  return mediaResponse(mediaType, Binary, 'The requested range of the file (one `Range: bytes=` range)', {
    ...FILE_HEADERS,
    'content-range': Type.String({ description: '`bytes <first>-<last>/<size>`' }),
  });
}

/**
 * Route config that documents a multipart/form-data body its handler reads itself (so the route has no body
 * schema): OpenAPI shows the form's fields, and Fastify still validates nothing against them.
 */
export function documentedFormBody(form: TObject): { swaggerTransform: SwaggerTransform } {
  return { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: form }, url }) };
}

/** What each error status means wherever it appears, in place of the generator's "Default Response". */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  400: 'The request cannot be carried out as sent; `detail` says why',
  401: 'Not authenticated: no token, or an expired, revoked or wrong one',
  403: 'The caller lacks the right for this operation',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state; `detail` says with what',
  413: 'The upload is larger than allowed',
  415: 'The body is not of a media type this operation takes',
  416: 'The requested range lies outside the file',
  422: 'Validation failed: `detail` lists each invalid field (`loc`, `msg`, `type`)',
  429: 'Too many attempts; try again later',
  502: 'A device or service the recorder called failed; `detail` gives its reason',
  503: 'Not available right now (e.g. the camera gives no picture); try again later',
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return a === b;
}

const ERROR_SCHEMA = JSON.parse(JSON.stringify(ErrorResponse)) as JsonObject;
const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/**
 * A request schema's fields that have a default are not required of the client: Ajv (`useDefaults`,
 * platform/http/validation.ts) fills them in before it checks `required`. TypeBox lists every property not
 * wrapped in `Type.Optional` as required, and the route schemas keep it that way on purpose, since the handler's
 * type is the validated value, where the default is always there. Follows `properties` and `items`, where Ajv
 * applies defaults (not inside anyOf/oneOf, where it ignores them). Changes the schema in place.
 */
function relaxDefaulted(schema: unknown): void {
  if (!isObject(schema)) return;
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter(
      (name) => !(typeof name === 'string' && isObject(properties[name]) && 'default' in properties[name]),
    );
    // OpenAPI 3.0 (JSON Schema draft 4) wants a non-empty list, or none.
    if (required.length > 0) schema.required = required;
    else delete schema.required;
  }
  for (const property of Object.values(properties)) relaxDefaulted(property);
  relaxDefaulted(schema.items);
}

/** The request side of an operation as a client sees it: parameters and body fields with a default are optional. */
function relaxRequestDefaults(operation: JsonObject): void {
  for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
    // A path parameter is always required (and none has a default).
    if (!isObject(parameter) || parameter.in === 'path') continue;
    if (parameter.required === true && isObject(parameter.schema) && 'default' in parameter.schema) {
      parameter.required = false;
    }
  }
  const body = operation.requestBody;
  if (!isObject(body) || !isObject(body.content)) return;
  for (const media of Object.values(body.content)) {
    if (isObject(media)) relaxDefaulted(media.schema);
  }
}

/**
 * Finishes the generated document: the error body every operation shares becomes one named component
 * (`ErrorResponse`, so a generated client has one type for it and the document stays small), responses the
 * routes left undescribed get the meaning of their status code, and request fields with a default become
 * optional (response fields stay as they are: the server always sends them).
 */
function finishDocument(document: JsonObject): JsonObject {
  const out = structuredClone(document);
  let errorSchemaUsed = false;
  for (const pathItem of Object.values((out.paths ?? {}) as Record<string, JsonObject>)) {
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation)) continue;
      relaxRequestDefaults(operation);
      if (!isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response)) continue;
        if (response.description === 'Default Response') {
          response.description = RESPONSE_DESCRIPTIONS[status] ?? STATUS_CODES[Number(status)] ?? status;
        }
        const json = isObject(response.content) ? response.content['application/json'] : undefined;
        if (isObject(json) && sameJson(json.schema, ERROR_SCHEMA)) {
          json.schema = { ...ERROR_REF };
          errorSchemaUsed = true;
        }
      }
    }
  }
  if (errorSchemaUsed) {
    const components = (out.components ?? {}) as JsonObject;
    components.schemas = { ...(components.schemas as JsonObject), ErrorResponse: ERROR_SCHEMA };
    out.components = components;
  }
  return out;
}

/** Options of @fastify/swagger for the recorder's API. */
export function openApiOptions(version: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'NVR recorder API',
        description:
          'The recorder of a self-hosted network video recorder: cameras, recordings, live view, events, ' +
          'alerts, AI and cloud. Every operation needs `Authorization: Bearer <access token>` unless it says ' +
          'otherwise; media and event-stream URLs also take a short-lived `?ticket=`.',
        version,
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      // Relative: the document is right behind whatever host, port or proxy serves it.
      servers: [{ url: '/' }],
      tags: API_TAGS,
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transformObject: (documents) =>
      'openapiObject' in documents ? finishDocument(documents.openapiObject) : documents.swaggerObject,
  };
}
