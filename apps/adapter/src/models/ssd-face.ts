// face-api's SSD MobileNet v1 face detector (WIDER FACE): slower than BlazeFace on tfjs-wasm but finds
// turned and downward-looking faces that BlazeFace misses, so it is face_detection's default detector.
import type { DecodedFrame } from '../frames/decode.js';
import { faceApi, loadWeightMap, tfjs } from '../runtimes/tfjs.js';
import type { FaceHit } from './blazeface.js';

export interface SsdFace {
  detect(frame: DecodedFrame, minScore: number): Promise<FaceHit[]>;
  dispose(): void;
}

export async function loadSsdFace(dir: string): Promise<SsdFace> {
  const tf = await tfjs();
  const api = await faceApi();
  const net = new api.SsdMobilenetv1();
  net.loadFromWeightMap(await loadWeightMap(dir, 'ssd_mobilenetv1_model'));
  const detect = async (frame: DecodedFrame, minScore: number): Promise<FaceHit[]> => {
    const image = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
    try {
      const found = await net.locateFaces(
        image,
        new api.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 100 }),
      );
      return found.map((d) => ({
        score: d.score,
        box: [d.box.x, d.box.y, d.box.x + d.box.width, d.box.y + d.box.height],
      }));
    } finally {
      image.dispose();
    }
  };
  await detect(
    { data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, original: { width: 32, height: 32 } },
    0.99,
  );
  return { detect, dispose: () => net.dispose() };
}
