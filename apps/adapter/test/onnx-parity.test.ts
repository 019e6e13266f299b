// The face nets run as ONNX graphs rebuilt from face-api's weights. This checks them against face-api's own
// tfjs implementation (same package, same weights) on the real sample photos: same faces, same boxes, and the
// same landmarks, ages and genders on the same crops. FaceRes gives the same descriptors whether a frame's
// crops run on one core or, with another worker idle, on two.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type * as TF from '@tensorflow/tfjs';
import { decodeFrame, type DecodedFrame } from '../src/frames/decode.js';
import { readFaceApiWeights } from '../src/models/face-api-weights.js';
import {
  cropBatch,
  cropBoxes,
  loadAgeGender,
  loadLandmarker,
  type AgeGenderNet,
  type FaceLandmarker,
} from '../src/models/face-attributes.js';
import { iou, type Box } from '../src/models/geometry.js';
import { loadSsdFace, type SsdFace } from '../src/models/ssd-face.js';
import { loadFaceRes } from '../src/faces/faceres.js';
import { createPoolLoad, idleCores, watchPoolLoad } from '../src/runtimes/idle-cores.js';
import { FACE_API_MODELS, HUMAN_MODELS, tfjs } from '../src/runtimes/tfjs.js';
import { FIXTURES } from './helpers.js';

const require = createRequire(import.meta.url);

// face-api is used untyped here: its typings bundle another copy of tfjs.
describe('ONNX face nets reproduce face-api (tfjs) on the sample photos', () => {
  let tf: typeof TF;
  let api: any;
  let ssd: SsdFace;
  let landmarker: FaceLandmarker;
  let ageGender: AgeGenderNet;
  const frames: DecodedFrame[] = [];

  before(async () => {
    tf = await tfjs();
    api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const dir = FACE_API_MODELS();
    [ssd, landmarker, ageGender] = await Promise.all([
      loadSsdFace(dir),
      loadLandmarker(dir),
      loadAgeGender(dir),
    ]);
    for (const i of [1, 2, 5]) {
      frames.push(await decodeFrame(readFileSync(join(FIXTURES, `sample${i}.jpg`))));
    }
  });

  async function tfjsNet(ctor: string, weights: string): Promise<any> {
    const net = new api[ctor]();
    const map = await readFaceApiWeights(FACE_API_MODELS(), weights);
    net.loadFromWeightMap(
      Object.fromEntries([...map].map(([name, w]) => [name, tf.tensor(w.data, w.shape, 'float32')])),
    );
    return net;
  }

  it('SSD MobileNet v1: same faces and boxes', async () => {
    const reference = await tfjsNet('SsdMobilenetv1', 'ssd_mobilenetv1_model');
    for (const frame of frames) {
      const image = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
      const expected: { score: number; box: Box }[] = (
        await reference.locateFaces(image, new api.SsdMobilenetv1Options({ minConfidence: 0.5 }))
      ).map((d: any) => ({
        score: d.score,
        box: [d.box.x, d.box.y, d.box.x + d.box.width, d.box.y + d.box.height],
      }));
      image.dispose();
      const actual = (await ssd.detect(frame, 0.5)).filter((h) => h.score >= 0.5);
      assert.equal(actual.length, expected.length);
      for (const e of expected) {
        const match = actual.reduce((best, a) => (iou(a.box, e.box) > iou(best.box, e.box) ? a : best));
        // The input is resized by sharp here and by tfjs there: boxes and scores agree closely, not exactly.
        assert.ok(iou(match.box, e.box) > 0.85, `box ${match.box.join()} vs ${e.box.join()}`);
        assert.ok(Math.abs(match.score - e.score) < 0.15, `score ${match.score} vs ${e.score}`);
      }
    }
    reference.dispose();
  });

  it('landmarks, age and gender: same values on the same crops', async () => {
    const refLandmarks = await tfjsNet('FaceLandmark68Net', 'face_landmark_68_model');
    const refAgeGender = await tfjsNet('AgeGenderNet', 'age_gender_model');
    let compared = 0;
    for (const frame of frames) {
      const boxes = cropBoxes(
        frame,
        (await ssd.detect(frame, 0.5)).filter((h) => h.score >= 0.5).map((h) => h.box),
      );
      const crops = cropBatch(frame, boxes);
      const [points, attrs] = await Promise.all([landmarker.landmarks(crops), ageGender.predict(crops)]);
      // The same crops for face-api: tfjs's cropAndResize, 112 × 112.
      const tfCrops = tf.tidy(() => {
        const image = tf
          .tensor3d(frame.data, [frame.height, frame.width, 3], 'int32')
          .toFloat()
          .expandDims<TF.Tensor4D>(0);
        const norm = boxes.map(([x1, y1, x2, y2]) => [
          y1 / frame.height,
          x1 / frame.width,
          y2 / frame.height,
          x2 / frame.width,
        ]);
        return tf.unstack(
          tf.image.cropAndResize(
            image,
            norm,
            boxes.map(() => 0),
            [112, 112],
          ),
        );
      });
      const refPoints = [await refLandmarks.detectLandmarks(tfCrops)].flat();
      const refAttrs = [await refAgeGender.predictAgeAndGender(tfCrops)].flat();
      tf.dispose(tfCrops);
      boxes.forEach((_, i) => {
        const ref = refPoints[i].relativePositions as { x: number; y: number }[];
        ref.forEach((p, k) => {
          const [x, y] = points[i]![k]!;
          // Relative to the crop: 0.01 is about one pixel of a 112 px crop.
          assert.ok(Math.hypot(x - p.x, y - p.y) < 0.01, `landmark ${k}: ${x},${y} vs ${p.x},${p.y}`);
        });
        assert.ok(
          Math.abs(attrs[i]!.age - refAttrs[i].age) < 1,
          `age ${attrs[i]!.age} vs ${refAttrs[i].age}`,
        );
        assert.equal(attrs[i]!.gender, refAttrs[i].gender);
        compared++;
      });
    }
    assert.equal(compared, 3 + 3 + 5);
    refLandmarks.dispose();
    refAgeGender.dispose();
  });

  it('FaceRes: the same descriptors on one core and, with another worker idle, on two', async () => {
    const embedder = await loadFaceRes(HUMAN_MODELS());
    const frame = frames[2]!; // sample5: five faces, one batch
    const boxes = (await ssd.detect(frame, 0.5)).filter((h) => h.score >= 0.5).map((h) => h.box);
    assert.equal(boxes.length, 5);
    // This thread plays a worker of a two-worker pool: alone (one core idle), then beside a busy one.
    const load = createPoolLoad(2);
    watchPoolLoad(load);
    Atomics.store(load.running, 0, 1);
    assert.equal(idleCores(), 1);
    const twoCores = await embedder.embed(frame, boxes);
    Atomics.store(load.running, 0, 2);
    assert.equal(idleCores(), 0);
    const oneCore = await embedder.embed(frame, boxes);
    twoCores.forEach((d, i) => {
      const cosine = d.reduce((sum, x, k) => sum + x * oneCore[i]![k]!, 0);
      assert.ok(cosine > 0.9999, `face ${i}: cosine ${cosine}`);
    });
    embedder.dispose();
  });
});
