// Who may call the DeepStack API and when the key is checked (compat/deepstack/access.ts, form.ts):
//   - the clients people run, with their default settings, on the adapter's machine: Frigate's deepstack
//     detector (api_key ""), Viseron's codeprojectai component (no key at all, custom model ipcam-general),
//     deepstack-python as Home Assistant uses it (api_key "", a urlencoded face/list) are answered — replayed
//     byte for byte as they send (python-clients.ts) and parsed as they parse;
//   - a key that is sent must be right, from anywhere;
//   - callers on other machines need the token; their refusals are logged at warn, once a minute per caller,
//     saying what to set;
//   - the key is checked before the body is read: a request with a wrong bearer, a wrong or (from another
//     machine) empty api_key, or a second file before its key is answered 401 while the client has sent only
//     the start of a 20 MiB body; what keyless callers hold together is capped; all files of a request are
//     bounded together.
// Other machines are simulated with Fastify's inject (remoteAddress), which the adapter reads exactly as a TCP
// peer; one test uses the machine's own LAN address when it has one.
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fixture, startAdapter, until, type TestAdapter } from './helpers.js';
import {
  answerToPartialBody,
  BODY_END,
  codeprojectPython,
  deepstackPython,
  fieldPart,
  filePartHead,
  frigateDetect,
  MULTIPART_TYPE,
  PART_END,
  requestsMultipart,
  urlencoded,
  viseronListFaces,
} from './python-clients.js';

const TOKEN = 'vision-access-token-51f3';
const LAN_PEER = '192.0.2.10';
const MiB = 1024 * 1024;

/** Frigate's labelmap (labelmap.txt of blakeblackshear/frigate), the labels its detector maps DeepStack's onto. */
const FRIGATE_LABELS = new Set([
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'bus',
  'dog',
  'horse',
  'sheep',
  'cat',
]);

/**
 * Frigate's DeepStack.detect_raw after the response: it stops at the first prediction below 0.4 or with a label
 * its labelmap lacks, and reports `[label, confidence, y_min/h, x_min/w, y_max/h, x_max/w]` rows.
 */
function frigateRows(body: any, w: number, h: number) {
  if (!Array.isArray(body.predictions)) return null; // Frigate: "Error in parsing response json" (debug)
  const rows = [];
  for (const d of body.predictions) {
    if (d.confidence < 0.4) break;
    const label = d.label.toLowerCase() === 'truck' ? 'car' : d.label.toLowerCase();
    if (!FRIGATE_LABELS.has(label)) break;
    rows.push([label, d.confidence, d.y_min / h, d.x_min / w, d.y_max / h, d.x_max / w]);
  }
  return rows;
}

describe('DeepStack API: who needs a key, and when it is checked', () => {
  let ad: TestAdapter;
  const logs: Record<string, any>[] = [];
  let frame320: Buffer;
  const person = fixture('person.jpg');
  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN }, { logLines: logs });
    // What Frigate sends: its 320×320 detection region, encoded by PIL as JPEG.
    frame320 = await sharp(person).resize(320, 320, { fit: 'fill' }).jpeg().toBuffer();
  });
  after(() => ad.close());

  const post = async (path: string, req: { headers: Record<string, string>; body: Buffer | string }) => {
    const res = await fetch(`${ad.url}${path}`, { method: 'POST', headers: req.headers, body: req.body });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** The same request from another machine (or any address given). */
  const postFrom = async (
    remoteAddress: string,
    path: string,
    req: { headers: Record<string, string>; body: Buffer | string | PassThrough },
  ) => {
    const res = await ad.app.inject({
      method: 'POST',
      url: path,
      remoteAddress,
      headers: req.headers,
      payload: req.body,
    });
    return { status: res.statusCode, body: res.json<any>() };
  };
  const refusalLines = () => logs.filter((l) => l.level === 40 && /refused a DeepStack API call/.test(l.msg));

  it("answers Frigate's, Viseron's and deepstack-python's default requests from this machine without a key", async () => {
    const frigate = await post('/v1/vision/detection', frigateDetect(frame320));
    assert.equal(frigate.status, 200, JSON.stringify(frigate.body));
    const rows = frigateRows(frigate.body, 320, 320);
    assert.ok(rows && rows.some((r) => r[0] === 'person'), JSON.stringify(frigate.body));

    // Viseron's codeprojectai component: no api_key field at all, its default custom model.
    const viseron = await post('/v1/vision/custom/ipcam-general', codeprojectPython(person, '0.5'));
    assert.equal(viseron.status, 200, JSON.stringify(viseron.body));
    assert.ok(
      viseron.body.predictions.some((p: any) => p.label === 'person'),
      JSON.stringify(viseron.body),
    );

    // deepstack-python (Home Assistant's deepstack_object): api_key "" and min_confidence 0.45.
    const ha = await post('/v1/vision/detection', deepstackPython(person));
    assert.equal(ha.status, 200, JSON.stringify(ha.body));
    assert.ok(ha.body.predictions.every((p: any) => p.confidence >= 0.45));

    // Listing faces: Viseron's CodeProject.AI client sends no body, deepstack-python 0.9 `api_key=` urlencoded.
    assert.deepEqual(await post('/v1/vision/face/list', viseronListFaces()), {
      status: 200,
      body: { success: true, faces: [] },
    });
    assert.deepEqual(await post('/v1/vision/face/list', urlencoded('api_key=')), {
      status: 200,
      body: { success: true, faces: [] },
    });
    // IPv4-mapped loopback (a dual-stack listener) is this machine too.
    const mapped = await postFrom('::ffff:127.0.0.1', '/v1/vision/detection', frigateDetect(frame320));
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    assert.deepEqual(refusalLines(), []);
  });

  it('refuses a wrong key from this machine too (a misconfigured client is told, not ignored)', async () => {
    const wrong = await post('/v1/vision/detection', frigateDetect(frame320, 'not-the-token'));
    assert.deepEqual(wrong, { status: 401, body: { success: false, error: 'Incorrect api key' } });
    const bearer = await post('/v1/vision/detection', {
      ...frigateDetect(frame320),
      headers: { ...frigateDetect(frame320).headers, authorization: 'Bearer nope' },
    });
    assert.equal(bearer.status, 401);
    const right = await post('/v1/vision/detection', frigateDetect(frame320, TOKEN));
    assert.equal(right.status, 200);
    const line = refusalLines().find((l) => l.peer === '127.0.0.1');
    assert.ok(line, JSON.stringify(logs));
    assert.match(line.msg, /wrong api_key.*adapter token.*or leave api_key empty/);
  });

  it('needs the token from other machines; a refusal is logged at warn once a minute per caller, saying what to set', async () => {
    const before = refusalLines().length;
    const refused = await postFrom(LAN_PEER, '/v1/vision/detection', frigateDetect(frame320));
    assert.equal(refused.status, 401);
    assert.equal(refused.body.success, false);
    assert.match(refused.body.error, /^Incorrect api key/);
    // What Frigate does with that answer: nothing detected, and (in Frigate) only a debug line.
    assert.equal(frigateRows(refused.body, 320, 320), null);

    const lines = refusalLines().slice(before);
    assert.equal(lines.length, 1, JSON.stringify(lines));
    assert.equal(lines[0]!.peer, LAN_PEER);
    assert.equal(lines[0]!.route, '/v1/vision/detection');
    assert.match(
      lines[0]!.msg,
      /api_key to the adapter token .*ADAPTER_TOKEN.*adapter\.token.*or run the client on this machine/,
    );
    assert.ok(!JSON.stringify(lines).includes(TOKEN), 'the token is never logged');

    // Every frame refused again: no new line within the minute.
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await postFrom(LAN_PEER, '/v1/vision/custom/ipcam-general', codeprojectPython(frame320, '0.5')))
          .status,
        401,
      );
    assert.equal(refusalLines().length, before + 1);

    // The token opens it, as the api_key field or as a bearer.
    assert.equal(
      (await postFrom(LAN_PEER, '/v1/vision/detection', frigateDetect(frame320, TOKEN))).status,
      200,
    );
    const bearer = codeprojectPython(frame320, '0.5');
    const withBearer = await postFrom(LAN_PEER, '/v1/vision/custom/ipcam-general', {
      ...bearer,
      headers: { ...bearer.headers, authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(withBearer.status, 200, JSON.stringify(withBearer.body));
    assert.equal((await postFrom(LAN_PEER, '/v1/vision/face/list', urlencoded('api_key='))).status, 401);
    assert.equal(
      (await postFrom(LAN_PEER, '/v1/vision/face/list', urlencoded(`api_key=${TOKEN}`))).status,
      200,
    );

    // A loopback peer that forwards for someone else (a reverse proxy on this machine) is not this machine.
    const proxied = frigateDetect(frame320);
    const viaProxy = await postFrom('127.0.0.1', '/v1/vision/detection', {
      ...proxied,
      headers: { ...proxied.headers, 'x-forwarded-for': '203.0.113.9' },
    });
    assert.equal(viaProxy.status, 401);
    // The native API is as closed as before: bearer only, from anywhere.
    assert.equal((await fetch(`${ad.url}/capabilities`)).status, 401);
  });

  it("uses the TCP peer: the machine's own LAN address is another machine", async (t) => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!lan) return t.skip('this machine has no non-loopback IPv4 address');
    const wide = await startAdapter({ ADAPTER_TOKEN: TOKEN }, { host: '0.0.0.0' });
    try {
      const { port } = new URL(wide.url);
      const req = frigateDetect(frame320);
      const fromLan = await fetch(`http://${lan}:${port}/v1/vision/detection`, { method: 'POST', ...req });
      assert.equal(fromLan.status, 401);
      const fromHere = await fetch(`http://127.0.0.1:${port}/v1/vision/detection`, {
        method: 'POST',
        ...req,
      });
      assert.equal(fromHere.status, 200);
    } finally {
      await wide.close();
    }
  });

  describe('the key is checked before the body is read', () => {
    const big = 20 * MiB;
    const start = Buffer.alloc(64 * 1024, 0xab);

    it('a wrong bearer is answered after the headers, with 20 MiB unsent', { timeout: 60_000 }, async () => {
      const res = await answerToPartialBody(
        ad.url,
        '/v1/vision/detection',
        { 'content-type': MULTIPART_TYPE, authorization: 'Bearer wrong' },
        big,
        Buffer.concat([filePartHead('image'), start]),
      );
      assert.deepEqual(res, { status: 401, body: { success: false, error: 'Incorrect api key' } });
    });

    it(
      'a wrong api_key field is answered before the image that follows it is read',
      { timeout: 60_000 },
      async () => {
        const res = await answerToPartialBody(
          ad.url,
          '/v1/vision/face/register',
          { 'content-type': MULTIPART_TYPE },
          big,
          Buffer.concat([
            fieldPart('api_key', 'wrong'),
            fieldPart('userid', 'x'),
            filePartHead('image'),
            start,
          ]),
        );
        assert.equal(res.status, 401);
      },
    );

    /** A body that is written a piece at a time and never finished unless the test says so. */
    const streamed = (...pieces: Buffer[]) => {
      const body = new PassThrough();
      for (const p of pieces) body.write(p);
      return body;
    };

    it(
      "Frigate's empty api_key from another machine is refused before its image is read",
      { timeout: 60_000 },
      async () => {
        const body = streamed(fieldPart('api_key', ''), filePartHead('image'), start);
        const res = await postFrom(LAN_PEER, '/v1/vision/detection', {
          headers: { 'content-type': MULTIPART_TYPE },
          body,
        });
        body.destroy();
        assert.equal(res.status, 401);
      },
    );

    it(
      'one image may come before the key; a second one is refused as it starts',
      { timeout: 60_000 },
      async () => {
        // curl -F image=@… -F api_key=… puts the key last: one image waits for it.
        const keyLast = Buffer.concat([
          filePartHead('image'),
          frame320,
          PART_END,
          fieldPart('api_key', TOKEN),
          BODY_END,
        ]);
        const ok = await postFrom(LAN_PEER, '/v1/vision/detection', {
          headers: { 'content-type': MULTIPART_TYPE },
          body: keyLast,
        });
        assert.equal(ok.status, 200, JSON.stringify(ok.body));

        const body = streamed(filePartHead('image1'), frame320, PART_END, filePartHead('image2'), start);
        const res = await postFrom(LAN_PEER, '/v1/vision/face/register', {
          headers: { 'content-type': MULTIPART_TYPE },
          body,
        });
        body.destroy();
        assert.equal(res.status, 401);
        assert.match(res.body.error, /send api_key before the image/);
      },
    );

    it(
      'what keyless callers hold together is capped: beyond it their images are refused at once',
      { timeout: 60_000 },
      async () => {
        // Two callers from elsewhere each send 15 MiB of an image and stop, their key still to come.
        const waiting = [
          streamed(filePartHead('image'), Buffer.alloc(15 * MiB, 1)),
          streamed(filePartHead('image'), Buffer.alloc(15 * MiB, 2)),
        ];
        const answers = waiting.map((body) =>
          postFrom(LAN_PEER, '/v1/vision/detection', { headers: { 'content-type': MULTIPART_TYPE }, body }),
        );
        // The adapter has read both (nothing left in the pipes) before the third caller comes.
        await until(() => waiting.every((b) => b.readableLength === 0), 'the two waiting bodies to be read');
        const third = streamed(filePartHead('image'), Buffer.alloc(15 * MiB, 3));
        const refused = await postFrom(LAN_PEER, '/v1/vision/detection', {
          headers: { 'content-type': MULTIPART_TYPE },
          body: third,
        });
        third.destroy();
        assert.equal(refused.status, 401);
        assert.match(refused.body.error, /send api_key before the image/);
        // The first two, once their key arrives, are read to the end (their bytes are no picture: 400).
        for (const body of waiting)
          body.end(Buffer.concat([PART_END, fieldPart('api_key', TOKEN), BODY_END]));
        for (const res of await Promise.all(answers))
          assert.deepEqual(res, {
            status: 400,
            body: { success: false, error: 'No valid image file found' },
          });
      },
    );

    it(
      'the images of one request are bounded together (64 MiB), with the key',
      { timeout: 120_000 },
      async () => {
        const chunk = Buffer.alloc(17 * MiB, 7);
        const req = requestsMultipart(
          [
            ['userid', 'Heavy'],
            ['api_key', TOKEN],
          ],
          [
            ['image1', chunk],
            ['image2', chunk],
            ['image3', chunk],
            ['image4', chunk],
          ],
        );
        const res = await post('/v1/vision/face/register', req);
        assert.equal(res.status, 400);
        assert.match(res.body.error, /64 MiB together/);
      },
    );
  });
});
