// Issue #16 "An OpenAPI document a generator can trust": every operation has a stable, unique operationId and a
// summary, every success response says what it carries (media type and schema, none for 204), errors share one
// named schema, and the document names its license, version, servers and tags. Walks the document the app
// serves at /openapi.json (the same one `npm run openapi` commits for the web app's generated client).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';

type Json = Record<string, any>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

function operations(document: Json): { name: string; operation: Json }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation: operation as Json,
      })),
  );
}

/** What a client generator cannot rely on: a missing or malformed operationId, a shared one, no summary. */
function operationProblems(document: Json): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const { name, operation } of operations(document)) {
    const id: unknown = operation.operationId;
    if (typeof id !== 'string') problems.push(`${name}: no operationId`);
    else if (!OPERATION_ID.test(id)) problems.push(`${name}: operationId ${id} is not camelCase`);
    else if (owners.has(id)) problems.push(`${name}: operationId ${id} is also ${owners.get(id)}'s`);
    else owners.set(id, name);
    if (typeof operation.summary !== 'string' || operation.summary.trim() === '') {
      problems.push(`${name}: no summary`);
    }
  }
  return problems;
}

/** Success responses that do not say what they carry (204 must carry nothing). */
function successResponseProblems(document: Json): string[] {
  const problems: string[] = [];
  for (const { name, operation } of operations(document)) {
    const success = Object.entries(operation.responses as Json).filter(([status]) => /^2\d\d$/.test(status));
    if (success.length === 0) problems.push(`${name}: no 2xx response`);
    for (const [status, response] of success as [string, Json][]) {
      const media = Object.entries((response.content ?? {}) as Json);
      if (status === '204') {
        if (media.length > 0) problems.push(`${name} ${status}: content on a 204`);
        continue;
      }
      if (media.length === 0) problems.push(`${name} ${status}: no content type`);
      for (const [type, body] of media as [string, Json][]) {
        if (!body.schema) problems.push(`${name} ${status} ${type}: no schema`);
      }
    }
  }
  return problems;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  before(async () => {
    t = await createTestApp();
    const response = await t.request({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json();
  });
  after(() => t.close());

  it('gives every operation a unique camelCase operationId and a summary', () => {
    assert.ok(operations(document).length > 100);
    assert.deepEqual(operationProblems(document), []);
  });

  it('the walk reports a missing id, a shared id, a malformed id and a missing summary', () => {
    const problems = operationProblems({
      paths: {
        '/a': { get: { operationId: 'getA', summary: 'A' }, put: { summary: 'no id' } },
        '/b': {
          get: { operationId: 'getA', summary: 'again' },
          post: { operationId: 'Make-B', summary: 'B' },
        },
        '/c': { delete: { operationId: 'deleteC', summary: ' ' }, parameters: [] },
      },
    });
    assert.deepEqual(problems, [
      'PUT /a: no operationId',
      "GET /b: operationId getA is also GET /a's",
      'POST /b: operationId Make-B is not camelCase',
      'DELETE /c: no summary',
    ]);
  });

  it('names the PUT and PATCH of one update apart', () => {
    const ids = (path: string) => [
      document.paths[path].put.operationId,
      document.paths[path].patch.operationId,
    ];
    assert.deepEqual(ids('/api/v1/cameras/{id}'), ['replaceCamera', 'updateCamera']);
    assert.deepEqual(ids('/api/v1/camera-config/{camera_id}'), ['replaceCameraConfig', 'updateCameraConfig']);
    assert.deepEqual(ids('/api/v1/ai-models/{id}'), ['replaceAiModel', 'updateAiModel']);
  });

  it('documents what every success response carries', () => {
    assert.deepEqual(successResponseProblems(document), []);
    assert.deepEqual(
      successResponseProblems({
        paths: {
          '/x': {
            get: { responses: { 200: { description: 'bytes' }, 404: { description: 'no' } } },
            post: { responses: { 204: { description: 'done', content: { 'text/plain': { schema: {} } } } } },
            put: { responses: { 404: { description: 'only an error' } } },
          },
        },
      }),
      ['GET /x 200: no content type', 'POST /x 204: content on a 204', 'PUT /x: no 2xx response'],
    );
  });

  it('gives media, playlists, pictures, the event stream, WHEP and backups their own media types', () => {
    const binary = { type: 'string', format: 'binary' };
    const expected: [string, string, string, string | string[], Json][] = [
      ['get', '/api/v1/recordings/{camera_id}/chunks/{chunk}', '200', 'video/mp4', binary],
      ['get', '/api/v1/recordings/{camera_id}/chunks/{chunk}', '206', 'video/mp4', binary],
      // the MP4, or with evidence=true the evidence ZIP (issue #37)
      ['get', '/api/v1/recordings/{camera_id}/export', '200', ['video/mp4', 'application/zip'], binary],
      ['get', '/api/v1/recordings/{camera_id}/export', '206', 'video/mp4', binary],
      ['get', '/api/v1/recordings/{camera_id}/playlist.m3u8', '200', 'application/vnd.apple.mpegurl', {}],
      ['get', '/api/v1/cameras/{id}/live/index.m3u8', '200', 'application/vnd.apple.mpegurl', {}],
      ['get', '/api/v1/cameras/{id}/live/media.m3u8', '200', 'application/vnd.apple.mpegurl', {}],
      ['get', '/api/v1/cameras/{id}/live/{file}', '200', 'video/mp4', binary],
      ['get', '/api/v1/cameras/{id}/live/{file}', '206', 'video/mp4', binary],
      ['get', '/api/v1/cameras/{id}/snapshot', '200', 'image/jpeg', binary],
      ['get', '/api/v1/events/stream', '200', 'text/event-stream', {}],
      ['post', '/api/v1/cameras/{id}/live/whep', '201', 'application/sdp', {}],
      ['post', '/api/v1/system/backup', '200', 'application/octet-stream', binary],
    ];
    for (const [method, path, status, types, schema] of expected) {
      const response = document.paths[path][method].responses[status];
      const list = Array.isArray(types) ? types : [types];
      assert.deepEqual(Object.keys(response.content), list, `${method} ${path} ${status}`);
      for (const type of list) {
        assert.equal(response.content[type].schema.type, 'string', `${method} ${path} ${status}`);
        assert.equal(response.content[type].schema.format, schema.format, `${method} ${path} ${status}`);
      }
    }
    const chunk = document.paths['/api/v1/recordings/{camera_id}/chunks/{chunk}'].get.responses;
    assert.ok(chunk['206'].headers['content-range']);
    assert.ok(chunk['200'].headers['accept-ranges']);
    const exported = document.paths['/api/v1/recordings/{camera_id}/export'].get.responses['200'];
    assert.ok(exported.headers['content-disposition']);
    const whep = document.paths['/api/v1/cameras/{id}/live/whep'].post;
    assert.ok(whep.responses['201'].headers.location);
    assert.deepEqual(Object.keys(whep.requestBody.content), ['application/sdp']);
    assert.match(document.paths['/api/v1/events/stream'].get.description, /WebSocket/);
    for (const [method, path] of [
      ['post', '/api/v1/media-source/tls'],
      ['post', '/api/v1/system/restore'],
    ] as const) {
      assert.deepEqual(Object.keys(document.paths[path][method].requestBody.content), [
        'multipart/form-data',
      ]);
    }
  });

  it('answers errors with one named schema and describes every response', () => {
    assert.deepEqual(Object.keys(document.components.schemas.ErrorResponse.properties), ['detail']);
    for (const { name, operation } of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        assert.notEqual(response.description, 'Default Response', `${name} ${status}`);
        if (Number(status) < 400) continue;
        assert.deepEqual(
          response.content,
          { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          `${name} ${status}`,
        );
      }
    }
  });

  it('names its license, version, servers and tags', () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const recorder = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    assert.equal(document.openapi, '3.0.3');
    assert.equal(document.info.license.name, root.license);
    assert.match(document.info.license.url, /^https:\/\//);
    assert.equal(document.info.version, recorder.version);
    assert.deepEqual(document.servers, [{ url: '/' }]);
    const declared = new Map<string, string>(
      (document.tags as Json[]).map((tag) => [tag.name as string, tag.description as string]),
    );
    const used = new Set(operations(document).flatMap(({ operation }) => operation.tags as string[]));
    assert.deepEqual(
      [...used].filter((tag) => !declared.has(tag)),
      [],
      'tags used but not declared',
    );
    assert.deepEqual(
      [...declared.keys()].filter((tag) => !used.has(tag)),
      [],
      'tags declared but unused',
    );
    for (const [name, description] of declared) assert.ok(description.length > 10, name);
  });
});
