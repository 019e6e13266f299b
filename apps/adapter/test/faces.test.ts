// face_detection on face-api's six sample photos: the count must equal the true number of faces.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insideFrame, postJson, startAdapter, type TestAdapter } from './helpers.js';

const TRUE_COUNTS = [3, 3, 3, 4, 5, 4];

describe('face_detection on real photos', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter();
    ad.addFrames(...TRUE_COUNTS.map((_, i) => `sample${i + 1}.jpg`));
  });
  after(() => ad.close());

  const infer = (uri: string, params?: Record<string, unknown>) =>
    postJson(`${ad.url}/infer`, {
      task: 'face_detection',
      data: { frame: { uri } },
      ...(params ? { params } : {}),
    });

  for (const [i, expected] of TRUE_COUNTS.entries()) {
    it(`finds exactly ${expected} faces in sample${i + 1}.jpg`, async () => {
      const { status, body } = await infer(`frame://sample${i + 1}.jpg`);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.face_count, expected, JSON.stringify(body.faces.map((f: any) => f.confidence)));
      assert.equal(body.faces.length, expected);
      for (const f of body.faces) {
        assert.ok(insideFrame(f.bbox, body.frame), `bbox ${f.bbox}`);
        assert.equal(f.landmarks.length, 5);
        // Landmarks sit on the face: inside its box (with a little slack for the crop margin).
        const [x1, y1, x2, y2] = f.bbox;
        const slack = (x2 - x1) * 0.15;
        for (const [x, y] of f.landmarks) {
          assert.ok(
            x >= x1 - slack && x <= x2 + slack && y >= y1 - slack && y <= y2 + slack,
            `point ${x},${y} vs ${f.bbox}`,
          );
        }
        // Eyes above the mouth corners.
        assert.ok(
          Math.max(f.landmarks[0][1], f.landmarks[1][1]) < Math.min(f.landmarks[3][1], f.landmarks[4][1]),
        );
        assert.ok(Number.isInteger(f.age) && f.age > 0 && f.age < 100, `age ${f.age}`);
        assert.ok(f.gender === 'male' || f.gender === 'female');
      }
    });
  }

  it('returns 68 landmarks on request and the fast BlazeFace detector on request', async () => {
    const { body } = await infer('frame://sample5.jpg', { landmarks: 68 });
    assert.equal(body.face_count, 5);
    assert.ok(body.faces.every((f: any) => f.landmarks.length === 68));
    const fast = (await infer('frame://sample5.jpg', { detector: 'blazeface' })).body;
    assert.equal(fast.face_count, 5);
  });

  it('rejects landmarks other than 5 or 68', async () => {
    const { status, body } = await infer('frame://sample1.jpg', { landmarks: 12 });
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid_params');
  });
});
