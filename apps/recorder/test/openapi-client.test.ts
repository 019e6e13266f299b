// Issue #32, item 16: a client generated from the recorder's OpenAPI document accepts the README's own calls.
// A field or parameter with a default is one the server fills in (Ajv's `useDefaults` runs before `required` is
// checked), so the document must not make a client send it. The document the app serves at /openapi.json goes
// through openapi-typescript, the generator the web app uses (apps/web/scripts/generate-api.mjs), and a file of
// README-style calls through openapi-fetch is type-checked against it with the TypeScript compiler.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestApp } from './helpers/app.js';

type Json = Record<string, any>;

/**
 * Fields of a request schema that have a default and are still listed as required, by where they are. Follows
 * `properties` and `items` only: that is where Ajv fills defaults in (not inside anyOf/oneOf).
 */
function requiredWithDefault(schema: Json | undefined, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const found: string[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    if (required.has(name) && 'default' in property) found.push(`${at}.${name}`);
    found.push(...requiredWithDefault(property, `${at}.${name}`));
  }
  if (schema.items) found.push(...requiredWithDefault(schema.items as Json, `${at}[]`));
  return found;
}

function requestSideProblems(document: Json): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.required && parameter.schema && 'default' in parameter.schema) {
          problems.push(`${name}: ${parameter.in} parameter ${parameter.name}`);
        }
      }
      for (const [type, media] of Object.entries(
        (operation.requestBody?.content ?? {}) as Record<string, Json>,
      )) {
        problems.push(...requiredWithDefault(media.schema as Json, `${name} body (${type})`));
      }
    }
  }
  return problems;
}

// What the README (Quick start, "Five minutes") and a newcomer's first script do, with only the fields they name.
const README_CALLS = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://localhost:8000' });

export async function fiveMinutes(): Promise<void> {
  // Sign in with only a username and a password (the form the README's curl sends).
  const login = await client.POST('/api/v1/auth/login', {
    body: { username: 'admin', password: 'secret' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
  });
  const accessToken: string = login.data!.access_token;
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('authorization', 'Bearer ' + accessToken);
      return request;
    },
  });
  // The web app's sign-in takes the same fields.
  await client.POST('/api/v1/auth/session', { body: { username: 'admin', password: 'secret' } });

  // Add a camera with a name, an address and a stream URL; list the cameras without paging.
  const created = await client.POST('/api/v1/cameras', {
    body: { name: 'Front door', ip_address: '192.168.1.64', rtsp_url: 'rtsp://user:pass@192.168.1.64:554/stream1' },
  });
  const cameras = await client.GET('/api/v1/cameras');
  // Response fields that are always there stay required.
  const firstId: number = cameras.data!.cameras[0]!.id;
  const total: number = cameras.data!.total;
  const name: string = created.data!.name;

  // Turn recording on, and nothing else.
  await client.PATCH('/api/v1/camera-config/{camera_id}', {
    params: { path: { camera_id: firstId } },
    body: { recording_enabled: true },
  });

  // Grant a user the right to view, a layout with a name only, the latest events, the other lists unpaged.
  await client.POST('/api/v1/cameras/{id}/permissions', { params: { path: { id: firstId } }, body: { user_id: 2 } });
  await client.POST('/api/v1/layouts', { body: { id: 'hall-' + String(total), name } });
  await client.GET('/api/v1/events/latest');
  await client.GET('/api/v1/users');
  await client.GET('/api/v1/alerts');
  await client.GET('/api/v1/audit-logs');
  await client.GET('/api/v1/review-items');
  await client.POST('/api/v1/users', { body: { username: 'viewer', password: 'Str0ng-pass-phrase' } });
  await client.DELETE('/api/v1/auth/session');
}
`;

/** TypeScript's complaints about `README_CALLS` against the client generated from `document`. */
async function typeCheckCalls(document: Json): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nvr-openapi-client-'));
  try {
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(document as never)));
    const calls = join(dir, 'calls.ts');
    writeFileSync(calls, README_CALLS);
    // The temporary directory has no node_modules: openapi-fetch is the one this repository installs.
    const openapiFetch = dirname(dirname(createRequire(import.meta.url).resolve('openapi-fetch')));
    const program = ts.createProgram([calls], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      paths: { 'openapi-fetch': [openapiFetch] },
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return text;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${diagnostic.file.fileName.slice(dir.length + 1)}:${line + 1}: ${text}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  before(async () => {
    t = await createTestApp();
    const response = await t.request({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json();
  });
  after(() => t.close());

  it('requires no request field or parameter that has a default', () => {
    assert.deepEqual(requestSideProblems(document), []);
    // What was optional or required without a default stays so.
    const login = document.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(login.required, ['username', 'password']);
    const list = document.paths['/api/v1/cameras'].get.parameters as Json[];
    assert.deepEqual(
      list.map((parameter) => [parameter.name, parameter.required]),
      [
        ['skip', false],
        ['limit', false],
        ['active_only', false],
        ['q', false],
      ],
    );
    const camera = document.paths['/api/v1/cameras/{id}'].get.parameters as Json[];
    assert.deepEqual(
      camera.map((parameter) => [parameter.name, parameter.required]),
      [['id', true]],
    );
  });

  it('keeps response fields that are always present required', () => {
    const token =
      document.paths['/api/v1/auth/login'].post.responses['200'].content['application/json'].schema;
    assert.deepEqual(token.required, [
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'refresh_expires_in',
    ]);
    const cameras = document.paths['/api/v1/cameras'].get.responses['200'].content['application/json'].schema;
    assert.deepEqual(cameras.required, ['cameras', 'total']);
    assert.ok((cameras.properties.cameras.items.required as string[]).includes('recording_state'));
  });

  it("type-checks the README's calls through openapi-typescript and openapi-fetch", async () => {
    assert.deepEqual(await typeCheckCalls(document), []);
  });

  it('the type check catches a call the API refuses', async () => {
    // Without this the test above could pass by checking nothing: a camera needs its name.
    const broken = structuredClone(document);
    const body = broken.paths['/api/v1/cameras'].post.requestBody.content['application/json'].schema;
    assert.ok((body.required as string[]).includes('name'));
    body.required.push('site_code');
    body.properties.site_code = { type: 'string' };
    const problems = await typeCheckCalls(broken);
    assert.ok(
      problems.some((problem) => problem.includes("Property 'site_code' is missing")),
      problems.join('\n'),
    );
  });
});
