// Inference worker entry point: owns a tfjs-wasm instance and a model cache, decodes frames and runs tasks.
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { AdapterError, asAdapterError } from '../errors.js';
import { decodeFrame } from '../frames/decode.js';
import { ModelCache } from '../models/instances.js';
import { TASKS } from '../tasks/index.js';
import { createTaskContext } from '../tasks/context.js';
import { watchPoolLoad } from './idle-cores.js';
import type { FromWorker, JobRequest, StepOutcome, ToWorker, WorkerInit } from './protocol.js';

if (!parentPort) throw new Error('worker.ts must run in a worker thread');
const port = parentPort;
const init = workerData as WorkerInit;
const cache = new ModelCache(init.modelsDir, init.detectors);
if (init.load) watchPoolLoad(init.load);
// One libvips thread per worker: the pool already uses every core.
sharp.concurrency(1);
sharp.cache(false);

async function run(
  job: JobRequest,
): Promise<{ frame: { width: number; height: number }; steps: StepOutcome[] }> {
  // A frame that cannot be decoded fails the first step (the one that needed it first).
  const frame = await decodeFrame(job.frame).catch((err: unknown) => {
    const e = asAdapterError(err);
    throw new AdapterError(e.code, e.message, { details: { ...e.details, step: job.steps[0]?.task } });
  });
  const ctx = createTaskContext(job.frame, frame, cache);
  const steps: StepOutcome[] = [];
  for (const step of job.steps) {
    const task = TASKS.get(step.task);
    if (!task) throw new AdapterError('unknown_task', `worker has no task ${step.task}`);
    const started = performance.now();
    try {
      steps.push({
        task: step.task,
        result: await task.run(ctx, step.params),
        ms: performance.now() - started,
      });
    } catch (err) {
      const e = asAdapterError(err);
      throw new AdapterError(e.code, e.message, { details: { ...e.details, step: step.task } });
    }
  }
  return { frame: frame.original, steps };
}

async function handle(msg: ToWorker): Promise<unknown> {
  switch (msg.type) {
    case 'load':
      try {
        await cache.load(msg.model);
      } catch (err) {
        throw new AdapterError('model_load_failed', (err as Error).message);
      }
      return null;
    case 'unload':
      await cache.unload(msg.model);
      return null;
    case 'run':
      return run(msg.job);
  }
}

port.on('message', (msg: ToWorker) => {
  handle(msg).then(
    (value) => port.postMessage({ type: 'done', id: msg.id, ok: true, value } satisfies FromWorker),
    (err: unknown) =>
      port.postMessage({
        type: 'done',
        id: msg.id,
        ok: false,
        error: asAdapterError(err).toWire(),
      } satisfies FromWorker),
  );
});
