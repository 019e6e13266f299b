// Issue #32 item 8 (platform side): the rule for the strings requests carry. Names and every other single-line
// string refuse C0 control characters and DEL, free text refuses C0 but tab, line feed and carriage return, and
// nothing anywhere takes NUL — which PostgreSQL cannot store: the login form with `username=a%00b` was a 500 there,
// unauthenticated. Each refusal is the usual 422 naming the field, with nothing stored. An OpenAPI walk checks that
// every string a request schema takes has a rule, so a field added later cannot miss it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FREE_TEXT_PATTERN, NO_NUL_PATTERN, SINGLE_LINE_PATTERN } from '../src/platform/http/schemas.js';
import { findNul, withStringRules } from '../src/platform/http/string-rules.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

type Schema = Record<string, any>;

/** Formats whose own syntax admits no control character. */
const SAFE_FORMATS = new Set(['uuid', 'date-time', 'email', 'byte']);
/** The only strings that take any control character but NUL: passwords presented for checking (Secret()). */
const SECRETS = [
  'POST /api/v1/auth/login body(application/json).password',
  'POST /api/v1/auth/login body(application/x-www-form-urlencoded).password',
  'POST /api/v1/auth/session body(application/json).password',
  'POST /api/v1/auth/session body(application/x-www-form-urlencoded).password',
  'PUT /api/v1/users/me/password body(application/json).current_password',
];

/** C0 control characters a rule must refuse at the least (free text keeps tab, line feed and carriage return). */
const REFUSED_CONTROLS = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
  (c) => !'\t\n\r'.includes(c),
);

/**
 * Whether a pattern of a field's own refuses control characters: each negated class in it refuses them, and
 * nothing else in it could match one (`.` outside a class, \S \W \D \P).
 */
function patternRefusesControls(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if (/[SWDP]/.test(pattern[i + 1] ?? '')) return false;
      i++;
    } else if (c === '[' && !inClass) {
      inClass = true;
      if (pattern[i + 1] !== '^') continue;
      const end = pattern.indexOf(']', i + 2);
      const negated = new RegExp(`^${pattern.slice(i, end + 1)}$`, 'u');
      if (REFUSED_CONTROLS.some((control) => negated.test(control))) return false;
    } else if (c === ']') inClass = false;
    else if (c === '.' && !inClass) return false;
  }
  return true;
}

/** Each request string and the rule it has: `<operation> <part>.<path>` → rule. */
function stringRules(schema: Schema | undefined, at: string, out: Map<string, string>): void {
  if (!schema || typeof schema !== 'object') return;
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const branch of (schema[key] as Schema[] | undefined) ?? []) stringRules(branch, at, out);
  const types = [schema.type].flat();
  if (types.includes('string')) {
    if (schema.enum !== undefined || schema.const !== undefined) out.set(at, 'enum');
    else if (schema.format !== undefined)
      out.set(at, SAFE_FORMATS.has(schema.format) ? 'format' : `format ${schema.format}`);
    else if (schema.pattern === SINGLE_LINE_PATTERN) out.set(at, 'single line');
    else if (schema.pattern === FREE_TEXT_PATTERN) out.set(at, 'free text');
    else if (schema.pattern === NO_NUL_PATTERN) out.set(at, 'secret');
    else if (typeof schema.pattern === 'string')
      out.set(at, patternRefusesControls(schema.pattern) ? 'own pattern' : `lax pattern ${schema.pattern}`);
    else out.set(at, 'no rule');
  }
  if (types.includes('array')) stringRules(schema.items, `${at}[]`, out);
  if (types.includes('object')) {
    for (const [name, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
      stringRules(inner, `${at}.${name}`, out);
    if (typeof schema.additionalProperties === 'object')
      stringRules(schema.additionalProperties, `${at}{}`, out);
  }
}

function requestStringRules(t: TestApp): Map<string, string> {
  const spec = t.app.swagger() as unknown as { paths: Record<string, Record<string, Schema>> };
  const out = new Map<string, string>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of (operation.parameters ?? []) as Schema[])
        stringRules(parameter.schema as Schema, `${name} ${parameter.in}.${parameter.name}`, out);
      for (const [type, content] of Object.entries((operation.requestBody?.content ?? {}) as Schema)) {
        // Multipart forms are read by their handlers (files, and a backup's key that is never stored).
        if (type === 'multipart/form-data') continue;
        stringRules((content as Schema).schema as Schema, `${name} body(${type})`, out);
      }
    }
  }
  return out;
}

describe('the string rule in the request schemas', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('every string a request takes has one (OpenAPI walk)', () => {
    const rules = requestStringRules(t);
    const missing = [...rules].filter(
      ([, rule]) => !['single line', 'free text', 'secret', 'own pattern', 'enum', 'format'].includes(rule),
    );
    assert.deepEqual(missing, [], 'request strings without a rule that refuses control characters');
    const secrets = [...rules].filter(([, rule]) => rule === 'secret').map(([at]) => at);
    assert.deepEqual(
      secrets.sort(),
      [...SECRETS].sort(),
      'only passwords presented for checking take control characters',
    );
    // The free-text fields, as decided: multi-line text and JSON text.
    const freeText = [...rules]
      .filter(([, rule]) => rule === 'free text')
      .map(([at]) => at.replace(/^\S+ /, ''));
    for (const field of [
      '/api/v1/cameras body(application/json).description',
      '/api/v1/layouts body(application/json).description',
      '/api/v1/ai-detection-results body(application/json).caption',
      '/api/v1/ai-models body(application/json).config',
      '/api/v1/camera-config/{camera_id} body(application/json).extra_options',
      '/api/v1/cloud/models body(application/json).config',
      '/api/v1/cameras/{id}/live/whep body(application/sdp)',
    ])
      assert.ok(freeText.includes(field), field);
    // Names are single-line: the ones the issue is about, among every other.
    for (const field of [
      'POST /api/v1/auth/login body(application/x-www-form-urlencoded).username',
      'PUT /api/v1/cameras/{id}/zones body(application/json).zones[].name',
      'PUT /api/v1/cameras/{id}/zones body(application/json).zones[].labels[]',
      'POST /api/v1/cameras body(application/json).name',
      'POST /api/v1/ai-models body(application/json).name',
      'GET /api/v1/cameras query.q',
      'GET /api/v1/layouts/{id} path.id',
    ])
      assert.equal(rules.get(field), 'single line', field);
  });

  it('the walk and the rule are not vacuous', () => {
    const out = new Map<string, string>();
    stringRules(
      {
        type: 'object',
        properties: {
          bare: { type: ['string', 'null'] },
          lax: { type: 'string', pattern: '^[^\\s]+$' },
          strict: { type: 'string', pattern: '^[a-z]+$' },
          list: { type: 'array', items: { type: 'string', pattern: SINGLE_LINE_PATTERN } },
        },
      },
      'x',
      out,
    );
    assert.deepEqual(Object.fromEntries(out), {
      'x.bare': 'no rule',
      'x.lax': 'lax pattern ^[^\\s]+$',
      'x.strict': 'own pattern',
      'x.list[]': 'single line',
    });
    // A schema given the rule: only unruled strings change, and the original is left as it was.
    const original = {
      type: 'object',
      properties: {
        a: { type: 'string', maxLength: 5 },
        b: { type: 'string', format: 'uuid' },
        c: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        d: { type: 'array', items: { type: 'string' }, default: ['kept'] },
      },
    };
    const ruled = withStringRules(original) as Schema;
    assert.equal(ruled.properties.a.pattern, SINGLE_LINE_PATTERN);
    assert.equal(ruled.properties.b.pattern, undefined);
    assert.equal(ruled.properties.c.anyOf[0].pattern, SINGLE_LINE_PATTERN);
    assert.equal(ruled.properties.d.items.pattern, SINGLE_LINE_PATTERN);
    assert.deepEqual(ruled.properties.d.default, ['kept']);
    assert.equal((original.properties.a as Schema).pattern, undefined);
    // NUL is found in values and keys, at any depth, and Buffers are not walked.
    assert.deepEqual(findNul({ a: [{ b: 'x\u0000' }] }, ['body']), ['body', 'a', 0, 'b']);
    assert.deepEqual(findNul({ 'k\u0000': 1 }, ['body']), ['body', 'k\u0000']);
    assert.equal(findNul({ file: Buffer.from([0]) }, ['body']), null);
  });
});

for (const dialect of testDialects()) {
  describe(`control characters in requests on ${dialect}: 422 naming the field, nothing stored`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const send = (method: string, url: string, payload?: object, token: string | null = t.adminToken) =>
      t.request({
        method: method,
        url: `/api/v1${url}`,
        ...(token ? { token } : {}),
        ...(payload ? { payload } : {}),
      });
    const refused = (response: Awaited<ReturnType<typeof send>>, loc: (string | number)[], msg: RegExp) => {
      assert.equal(response.statusCode, 422, response.body);
      const issues = response.json().detail as { loc: (string | number)[]; msg: string; type: string }[];
      const issue = issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc));
      assert.ok(issue, `no issue at ${JSON.stringify(loc)}: ${response.body}`);
      assert.match(issue.msg, msg);
      assert.equal(issue.type, 'string_pattern_mismatch');
    };
    const NUL = /NUL characters/;
    const CONTROL = /control characters \(U\+0000 to U\+001F, U\+007F\)/;

    it('the login form with NUL in the username, unauthenticated: 422 naming it (was a 500 on PostgreSQL)', async () => {
      const form = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a%00b&password=whatever-it-is',
      });
      refused(form, ['body', 'username'], NUL);
      const json = await send('POST', '/auth/login', { username: 'admin', password: 'pa\u0000ss' }, null);
      refused(json, ['body', 'password'], NUL);
      // A control character but NUL in a password presented for checking is only a wrong password.
      assert.equal(
        (await send('POST', '/auth/login', { username: 'admin', password: 'pa\u0001ss' }, null)).statusCode,
        401,
      );
      refused(
        await send('POST', '/auth/login', { username: 'ad\u0001min', password: 'x' }, null),
        ['body', 'username'],
        CONTROL,
      );
    });

    it('names refuse control characters and DEL: a zone, its labels, a camera, a layout', async () => {
      const camera = await createCamera(t, t.adminToken);
      const polygon = [
        [0, 0],
        [1, 0],
        [1, 1],
      ];
      const zones = (zone: object) => send('PUT', `/cameras/${camera.id}/zones`, { zones: [zone] });
      refused(await zones({ name: 'porch\u0001', polygon }), ['body', 'zones', 0, 'name'], CONTROL);
      refused(await zones({ name: 'porch\u007f', polygon }), ['body', 'zones', 0, 'name'], CONTROL);
      refused(await zones({ name: 'porch\n', polygon }), ['body', 'zones', 0, 'name'], CONTROL);
      refused(
        await zones({ name: 'porch', polygon, labels: ['per\tson'] }),
        ['body', 'zones', 0, 'labels', 0],
        CONTROL,
      );
      assert.deepEqual((await send('GET', `/cameras/${camera.id}/zones`)).json().zones, []);
      // What a name may hold is otherwise free: accents, emoji, and characters a topic cannot carry.
      assert.equal((await zones({ name: 'Einfahrt süd 🚗 #1/+', polygon })).statusCode, 200);

      const before = (await send('GET', '/cameras')).json().total;
      refused(
        await send('POST', '/cameras?force=true', { name: 'cam\u001b[31m', ip_address: '127.0.77.1' }),
        ['body', 'name'],
        CONTROL,
      );
      refused(
        await send('PATCH', `/cameras/${camera.id}`, { location: 'hall\u0000' }),
        ['body', 'location'],
        NUL,
      );
      assert.equal((await send('GET', '/cameras')).json().total, before);
      refused(
        await send('POST', '/layouts', { id: 'wall', name: 'Wall\u0002', grid_columns: 2, grid_rows: 2 }),
        ['body', 'name'],
        CONTROL,
      );
      assert.equal((await send('GET', '/layouts/wall')).statusCode, 404);
    });

    it('free text keeps tab, line feed and carriage return, and refuses the other control characters', async () => {
      const camera = await createCamera(t, t.adminToken);
      const text = 'Line one\r\nLine two\twith a tab\n';
      const saved = await send('PATCH', `/cameras/${camera.id}`, { description: text });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal((await send('GET', `/cameras/${camera.id}`)).json().description, text);
      refused(
        await send('PATCH', `/cameras/${camera.id}`, { description: 'bell\u0007' }),
        ['body', 'description'],
        /other than tab, line feed and carriage return/,
      );
      refused(
        await send('PATCH', `/cameras/${camera.id}`, { description: 'nul\u0000' }),
        ['body', 'description'],
        NUL,
      );
      assert.equal((await send('GET', `/cameras/${camera.id}`)).json().description, text);
    });

    it('NUL is refused wherever a string is: a free JSON object, its keys, a query string, a path', async () => {
      const camera = await createCamera(t, t.adminToken);
      const declare = (params: object) =>
        send('PUT', `/skills/loitering/cameras/${camera.id}`, { consumer: 'rules', params });
      refused(
        await declare({ note: { deep: ['ok', 'x\u0000'] } }),
        ['body', 'params', 'note', 'deep', 1],
        NUL,
      );
      refused(await declare({ 'key\u0000': 1 }), ['body', 'params', 'key\u0000'], NUL);
      assert.equal((await send('GET', `/cameras/${camera.id}`)).json().assignments.length, 0);
      // A control character but NUL in a free object is the object's own business (JSON escapes it).
      assert.equal((await declare({ note: 'tab\there' })).statusCode, 200);

      refused(await send('GET', '/cameras?q=a%00b'), ['query', 'q'], NUL);
      refused(await send('GET', '/cameras?q=a%01b'), ['query', 'q'], CONTROL);
      refused(await send('GET', '/layouts/a%00b'), ['path', 'id'], NUL);
      refused(await send('GET', '/audit-logs?entity_id=x%00'), ['query', 'entity_id'], NUL);
    });
  });
}
