// Issue #15 item 14: every free-text field, list and free JSON object a request takes has a bound (SEED.md's where
// it gives one, documented ones elsewhere), and a value past it is 422 naming the field with nothing stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_JSON_LENGTH } from '../src/platform/http/schemas.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

type Schema = Record<string, any>;

/** Formats whose own syntax bounds their length. */
const BOUNDED_FORMATS = new Set(['uuid', 'date-time', 'binary']);

/** Where a request schema takes something without a bound: `<operation> <part>.<path>: <what>`. */
function unbounded(schema: Schema | undefined, at: string, out: Map<string, string>): void {
  if (!schema || typeof schema !== 'object') return;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const branch of (schema[key] as Schema[] | undefined) ?? []) unbounded(branch, at, out);
  }
  if (schema.enum !== undefined || schema.const !== undefined) return;
  const types = [schema.type].flat().filter((t) => t !== undefined && t !== 'null');
  if (types.length === 0 && !schema.anyOf && !schema.oneOf && !schema.allOf) {
    out.set(at, 'any value');
    return;
  }
  if (types.includes('string') && schema.maxLength === undefined && !BOUNDED_FORMATS.has(schema.format)) {
    out.set(at, 'string without maxLength');
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.set(at, 'array without maxItems');
    unbounded(schema.items, `${at}[]`, out);
  }
  if (types.includes('object')) {
    // A free JSON object is bounded as a whole (keys and length of its JSON text).
    if (schema[MAX_JSON_LENGTH] !== undefined) {
      if (schema.maxProperties === undefined) out.set(at, 'free object without maxProperties');
      return;
    }
    for (const [name, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      unbounded(inner, `${at}.${name}`, out);
    }
    const maps = Object.values((schema.patternProperties ?? {}) as Record<string, Schema>);
    if (typeof schema.additionalProperties === 'object') maps.push(schema.additionalProperties as Schema);
    for (const values of maps) unbounded(values, `${at}{}`, out);
    if (maps.length > 0 && schema.maxProperties === undefined) out.set(at, 'map without maxProperties');
    if (schema.additionalProperties === true) out.set(at, `free object without ${MAX_JSON_LENGTH}`);
  }
}

function requestSchemaProblems(t: TestApp): Map<string, string> {
  const spec = t.app.swagger() as unknown as { paths: Record<string, Record<string, Schema>> };
  const out = new Map<string, string>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of (operation.parameters ?? []) as Schema[]) {
        // Path parameters are bounded by the router (maxParamLength, 100): a longer one never reaches a handler.
        if (parameter.in === 'path') continue;
        unbounded(parameter.schema as Schema, `${name} ${parameter.in}.${parameter.name}`, out);
      }
      for (const [type, content] of Object.entries((operation.requestBody?.content ?? {}) as Schema)) {
        unbounded((content as Schema).schema as Schema, `${name} body(${type})`, out);
      }
    }
  }
  return out;
}

describe('request schemas', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('bound every string, list and free object they take (OpenAPI walk)', () => {
    const problems = [...requestSchemaProblems(t)].map(([at, what]) => `${at}: ${what}`);
    assert.deepEqual(problems, [], 'request fields without a bound');
  });

  it('the walk finds an unbounded field (it is not vacuous)', () => {
    const out = new Map<string, string>();
    unbounded(
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          text: { type: ['string', 'null'] },
          list: { type: 'array', items: { type: 'string', maxLength: 5 } },
          free: { type: 'object', additionalProperties: true },
          map: { type: 'object', additionalProperties: { type: 'integer' } },
          anything: {},
        },
      },
      'x',
      out,
    );
    assert.deepEqual(Object.fromEntries(out), {
      'x.text': 'string without maxLength',
      'x.list': 'array without maxItems',
      'x.free': `free object without ${MAX_JSON_LENGTH}`,
      'x.map': 'map without maxProperties',
      'x.anything': 'any value',
    });
  });

  it('path parameters are bounded by the router', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${'a'.repeat(101)}`,
      token: t.adminToken,
    });
    assert.equal(response.statusCode, 414);
  });
});

for (const dialect of testDialects()) {
  describe(`over-long input on ${dialect}: 422 naming the field, nothing stored`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const send = (method: string, url: string, payload: object) =>
      t.request({ method, url: `/api/v1${url}`, token: t.adminToken, payload });
    const get = async (url: string) =>
      (await t.request({ method: 'GET', url: `/api/v1${url}`, token: t.adminToken })).json();
    const assertRefused = (
      response: Awaited<ReturnType<typeof send>>,
      loc: (string | number)[],
      type = 'string_too_long',
    ) => {
      assert.equal(response.statusCode, 422, response.body);
      const issues = response.json().detail as { loc: (string | number)[]; msg: string; type: string }[];
      const issue = issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc));
      assert.ok(issue, `no issue at ${JSON.stringify(loc)}: ${response.body}`);
      assert.equal(issue.type, type, response.body);
      return issue;
    };

    it('camera description: 2,000 characters, on create and update', async () => {
      const before = (await get('/cameras')).total;
      const long = await send('POST', '/cameras?force=true', {
        name: 'long description',
        ip_address: '127.0.9.1',
        description: 'd'.repeat(2001),
      });
      assert.match(assertRefused(long, ['body', 'description']).msg, /at most 2000 characters/);
      assert.equal((await get('/cameras')).total, before, 'no camera was created');

      const camera = await createCamera(t, t.adminToken, { description: 'd'.repeat(2000) });
      const update = await send('PATCH', `/cameras/${camera.id}`, { description: 'e'.repeat(900_000) });
      assertRefused(update, ['body', 'description']);
      assert.equal((await get(`/cameras/${camera.id}`)).description, 'd'.repeat(2000));
    });

    it('assignment labels, layout descriptions and tiles', async () => {
      const camera = await createCamera(t, t.adminToken);
      const labels = await send('PATCH', `/cameras/${camera.id}`, {
        assignments: [{ skill: 'person_detection', labels: ['p'.repeat(101)] }],
      });
      assertRefused(labels, ['body', 'assignments', 0, 'labels', 0]);
      assert.deepEqual((await get(`/cameras/${camera.id}`)).assignments, []);

      const layout = await send('POST', '/layouts', {
        id: 'wall',
        name: 'Wall',
        description: 'w'.repeat(2001),
      });
      assertRefused(layout, ['body', 'description']);
      // A tile key outside the key pattern was taken with any value before.
      const tile = await send('POST', '/layouts', {
        id: 'wall',
        name: 'Wall',
        tiles: [{ row: 0, col: 0, Notes: 'n'.repeat(100_000) }],
      });
      assertRefused(tile, ['body', 'tiles', 0, 'Notes'], 'extra_forbidden');
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/layouts/wall', token: t.adminToken })).statusCode,
        404,
      );
    });

    it('free JSON objects: skill params, app manifests, account info', async () => {
      const camera = await createCamera(t, t.adminToken);
      const params = await send('PUT', `/skills/person_detection/cameras/${camera.id}`, {
        consumer: 'door-app',
        params: { notes: 'n'.repeat(9000) },
      });
      assertRefused(params, ['body', 'params'], 'too_long');
      assert.deepEqual((await get(`/cameras/${camera.id}`)).assignments, []);
      const manyKeys = await send('PUT', `/skills/person_detection/cameras/${camera.id}`, {
        consumer: 'door-app',
        params: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
      });
      assertRefused(manyKeys, ['body', 'params'], 'too_long');

      const manifest = await send('POST', '/apps/register', {
        url: 'http://127.0.0.1:7000',
        manifest: { id: 'big', name: 'Big', version: '1', readme: 'r'.repeat(70_000) },
      });
      assertRefused(manifest, ['body', 'manifest'], 'too_long');
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/apps/big', token: t.adminToken })).statusCode,
        404,
      );

      const credential = await send('POST', '/cloud/credentials', {
        provider: 'openai',
        token: 'sk-test',
        account_info: { notes: 'n'.repeat(9000) },
      });
      assertRefused(credential, ['body', 'account_info'], 'too_long');
      assert.equal((await get('/cloud/credentials')).total, 0);
    });

    it('query strings: a media ticket', async () => {
      const camera = await createCamera(t, t.adminToken);
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/cameras/${camera.id}/snapshot?ticket=${'t'.repeat(5000)}`,
        token: t.adminToken,
      });
      assertRefused(response, ['query', 'ticket']);
    });
  });
}
