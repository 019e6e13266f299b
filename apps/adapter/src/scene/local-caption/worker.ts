// The caption worker: one thread that owns the local captioning model (loaded on the first scene_description,
// replaced when the files change) and runs one caption at a time, so the inference pool's workers never hold
// its weights and /health stays responsive while it generates.
import { parentPort, threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { asAdapterError } from '../../errors.js';
import { decodeFrame } from '../../frames/decode.js';
import { loadCaptionModel, type CaptionModel } from './model.js';
import type { CaptionDone, FromCaptionWorker, LoadDone, ToCaptionWorker } from './protocol.js';

if (!parentPort) throw new Error('local-caption/worker.ts must run in a worker thread');
const port = parentPort;
sharp.concurrency(1);
sharp.cache(false);

let model: CaptionModel | null = null;
// Messages are handled strictly in order: a load finishes before the next caption starts.
let chain: Promise<unknown> = Promise.resolve();

async function handle(msg: ToCaptionWorker): Promise<LoadDone | CaptionDone | null> {
  switch (msg.type) {
    case 'load': {
      const started = performance.now();
      await model?.dispose();
      model = null;
      model = await loadCaptionModel(msg.layout);
      return { loadMs: Math.round(performance.now() - started), threadId };
    }
    case 'caption': {
      if (!model) throw new Error('no caption model is loaded');
      const started = performance.now();
      // The adapter's own decoder: the same formats, EXIF rotation and errors as every other task.
      const frame = await decodeFrame(msg.frame);
      const out = await model.caption(frame);
      return { ...out, frame: frame.original, ms: performance.now() - started, threadId };
    }
    case 'unload':
      await model?.dispose();
      model = null;
      return null;
  }
}

port.on('message', (msg: ToCaptionWorker) => {
  chain = chain
    .then(() => handle(msg))
    .then(
      (value) => port.postMessage({ id: msg.id, ok: true, value } satisfies FromCaptionWorker),
      (err: unknown) =>
        port.postMessage({
          id: msg.id,
          ok: false,
          error: asAdapterError(err).toWire(),
        } satisfies FromCaptionWorker),
    );
});
