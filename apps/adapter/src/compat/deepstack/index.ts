// The DeepStack / CodeProject.AI vision API (`/v1/vision/*`) that Blue Iris, Agent DVR, Frigate's `deepstack`
// detector, Home Assistant integrations and Viseron speak, served beside the native contract by the same models:
//   POST /v1/vision/detection  multipart `image`, optional `min_confidence` (default 0.45, as DeepStack)
//   POST /v1/vision/custom/<model>  the same, under a CodeProject.AI custom-model name (custom-models.ts)
//   POST /v1/vision/custom/list     → {success, models: [name...]}
//   POST /v1/vision/face       multipart `image`, optional `min_confidence` (face detection)
//   POST /v1/vision/face/register   `userid` + one or more image files (any field names, e.g. image1, image2)
//   POST /v1/vision/face/recognize  `image`, optional `min_confidence` (the similarity a match needs)
//   POST /v1/vision/face/list       → {success, faces: [userid...]}
//   POST /v1/vision/face/delete     `userid`
// Answers `{success:true, predictions:[{label?, confidence, x_min, y_min, x_max, y_max}], count, inferenceMs,
// processMs}`, and `{success:false, error}` with DeepStack's statuses (400 bad image or min_confidence, 401 wrong
// key, 404 unknown custom model, 500 otherwise). Who needs a key is access.ts's rule (callers on this machine
// need none); bodies are read with the key checked on the way (form.ts). Person scores from the built-in detector
// are calibrated to what DeepStack clients expect (calibration.ts).
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asAdapterError, type AdapterError } from '../../errors.js';
import { checkName } from '../../faces/gallery.js';
import { DEFAULT_MATCH_THRESHOLD } from '../../faces/recognition.js';
import type { FaceService } from '../../faces/service.js';
import { MAX_FRAME_BYTES } from '../../frames/source.js';
import {
  isLocalCaller,
  refusalMessage,
  RefusalLog,
  VisionAccess,
  type RefusalReason,
  type Verdict,
} from './access.js';
import { calibrateForDeepStack, nativeMinConfidence } from './calibration.js';
import type { CustomModels } from './custom-models.js';
import { PreAuthBudget, readVisionForm, VisionError, type VisionForm } from './form.js';

/** DeepStack's default for `min_confidence`. */
const DEFAULT_MIN_CONFIDENCE = 0.45;
/** CodeProject.AI's default for its custom-model route. */
const DEFAULT_CUSTOM_MIN_CONFIDENCE = 0.4;
/** Images one face registration may carry. */
const MAX_REGISTER_IMAGES = 10;
/** All images of one request together (ten 20 MiB files would otherwise be 200 MiB held at once). */
export const MAX_FORM_BYTES = 64 * 1024 * 1024;
/** What callers that still owe their key may hold at once, all together: two images. */
export const PRE_AUTH_BUDGET_BYTES = 2 * MAX_FRAME_BYTES;
/** A urlencoded body carries a key and a userid: it is read (before its key is known) up to this size. */
const URLENCODED_LIMIT = 64 * 1024;

function minConfidence(fields: Map<string, string>, fallback: number): number {
  const text = fields.get('min_confidence');
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new VisionError(400, 'Invalid value for min_confidence');
  if (value > 1) throw new VisionError(400, 'min_confidence cannot be greater than 1');
  return value;
}

interface Detection {
  label?: string;
  bbox: [number, number, number, number];
  confidence: number;
}

const toPrediction = ({ label, bbox: [x1, y1, x2, y2], confidence }: Detection) => ({
  ...(label === undefined ? {} : { label }),
  confidence,
  x_min: x1,
  y_min: y1,
  x_max: x2,
  y_max: y2,
});

/** A successful answer, with CodeProject.AI's count and timings (ms of inference, ms since the request came). */
const answer = (predictions: ReturnType<typeof toPrediction>[], inferenceMs: number, receivedAt: number) => ({
  success: true,
  predictions,
  count: predictions.length,
  inferenceMs,
  processMs: Math.round(performance.now() - receivedAt),
});

export interface VisionCompatOptions {
  token: string | null;
  faces: FaceService;
  customModels: CustomModels;
  /** the detector of /v1/vision/detection (DETECTOR): person scores are calibrated for the built-in one */
  defaultDetector: string;
  /** app.ts's mapping of Fastify's own errors (body size, content type) onto native codes. */
  toNativeError: (err: unknown) => AdapterError;
}

export async function visionCompatRoutes(app: FastifyInstance, options: VisionCompatOptions) {
  const access = new VisionAccess(options.token);
  const refusals = new RefusalLog((fields, message) => app.log.warn(fields, message));
  const budget = new PreAuthBudget(PRE_AUTH_BUDGET_BYTES);
  const verdicts = new WeakMap<FastifyRequest, Verdict>();

  // Forms only: multipart (app-wide), urlencoded here with a small limit; JSON is not DeepStack's.
  app.removeContentTypeParser('application/json');
  await app.register(formbody, { bodyLimit: URLENCODED_LIMIT });

  // DeepStack's envelope for every failure here, not the native one.
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof VisionError)
      return reply.status(err.status).send({ success: false, error: err.message });
    const e = options.toNativeError(err);
    if (e.status >= 500 && e.code !== 'overloaded') req.log.error({ err }, 'DeepStack API request failed');
    const message =
      e.code === 'unsupported_media_type'
        ? 'send multipart/form-data (or application/x-www-form-urlencoded for requests without images)'
        : e.message;
    const status = e.status === 401 ? 401 : e.status < 500 ? 400 : 500;
    return reply.status(status).send({ success: false, error: message });
  });

  /** A refused key: the client gets DeepStack's 401, the operator a warning (rate-limited) saying what to set. */
  const refuse = (req: FastifyRequest, reason: RefusalReason): never => {
    const peer = req.socket.remoteAddress;
    // No address: the connection is already gone, nobody is waiting for this answer and nothing needs setting.
    if (peer !== undefined)
      refusals.note(peer, req.routeOptions.url ?? req.url, reason, isLocalCaller(peer, req.headers));
    throw new VisionError(401, refusalMessage(reason), reason);
  };

  // Before any byte of the body: the headers may settle it (a wrong bearer is refused here).
  app.addHook('onRequest', async (req) => {
    const verdict = access.fromHeaders(req.socket.remoteAddress, req.headers);
    if (verdict.kind === 'refused') refuse(req, verdict.reason);
    verdicts.set(req, verdict);
  });

  /** The form of a request, its key checked on the way. */
  const readForm = (req: FastifyRequest, maxFiles = 1): Promise<VisionForm> =>
    readVisionForm(
      req,
      verdicts.get(req)!,
      access,
      { maxFiles, maxFileBytes: MAX_FRAME_BYTES, maxTotalBytes: MAX_FORM_BYTES },
      budget,
      (reason) => refuse(req, reason),
    );

  /** The image and knobs of a request, once its key is right. */
  async function accepted(
    req: FastifyRequest,
    defaultMinConfidence: number,
  ): Promise<{ image: Uint8Array; minConfidence: number }> {
    const form = await readForm(req);
    if (!form.image || form.image.length === 0) throw new VisionError(400, 'No valid image file found');
    return { image: form.image, minConfidence: minConfidence(form.fields, defaultMinConfidence) };
  }

  /** A DeepStack `userid`: required, and a valid gallery name. */
  function userid(form: VisionForm): string {
    const raw = form.fields.get('userid');
    if (raw === undefined || raw.trim() === '') throw new VisionError(400, 'user id not specified');
    try {
      return checkName(raw, 'userid');
    } catch (err) {
      throw new VisionError(400, (err as Error).message);
    }
  }

  async function run(task: string, image: Uint8Array, params: Record<string, unknown>) {
    const startedAt = performance.now();
    const result = await app.services.inference
      .infer({ task, frame: { bytes: image }, params, startedAt })
      .catch((error: unknown) => {
        const e = asAdapterError(error);
        // An image the decoder cannot read is the client's, as DeepStack says.
        if (e.code === 'frame_decode_failed' || e.code === 'frame_too_large')
          throw new VisionError(400, 'No valid image file found');
        throw e;
      });
    return { result, ms: Math.round(performance.now() - startedAt) };
  }

  app.post('/v1/vision/detection', async (req) => {
    const received = performance.now();
    const { image, minConfidence } = await accepted(req, DEFAULT_MIN_CONFIDENCE);
    const builtIn = options.defaultDetector === 'centernet';
    const { result, ms } = await run('object_detection', image, {
      min_confidence: builtIn ? nativeMinConfidence(minConfidence) : minConfidence,
      max_results: 100,
    });
    const detections = result.detections as Detection[];
    const sent = builtIn ? calibrateForDeepStack(detections, minConfidence) : detections;
    return answer(sent.map(toPrediction), ms, received);
  });

  // CodeProject.AI's custom-model routes. The key is checked before the name is looked at.
  app.post('/v1/vision/custom/list', async (req) => {
    await readForm(req);
    return { success: true, models: options.customModels.names() };
  });

  app.post<{ Params: { model: string } }>('/v1/vision/custom/:model', async (req) => {
    const received = performance.now();
    const { image, minConfidence } = await accepted(req, DEFAULT_CUSTOM_MIN_CONFIDENCE);
    const model = options.customModels.find(req.params.model);
    if (!model)
      throw new VisionError(
        404,
        `Unknown custom model "${req.params.model}": this adapter serves ${options.customModels.names().join(', ')}`,
      );
    const builtIn = (model.params.detector ?? options.defaultDetector) === 'centernet';
    const { result, ms } = await run(model.task, image, {
      ...model.params,
      min_confidence: builtIn ? nativeMinConfidence(minConfidence) : minConfidence,
      max_results: 100,
    });
    const detections = result.detections as Detection[];
    const sent = builtIn ? calibrateForDeepStack(detections, minConfidence) : detections;
    const predictions = sent.flatMap((d) => {
      const label = d.label === undefined ? undefined : model.relabel(d.label);
      return label === undefined ? [] : [toPrediction({ ...d, label })];
    });
    return answer(predictions, ms, received);
  });

  app.post('/v1/vision/face', async (req) => {
    const received = performance.now();
    const { image, minConfidence } = await accepted(req, DEFAULT_MIN_CONFIDENCE);
    const { result, ms } = await run('face_detection', image, {
      min_confidence: minConfidence,
      max_results: 100,
    });
    const faces = (result.faces as Detection[]).map(({ bbox, confidence }) =>
      toPrediction({ bbox, confidence }),
    );
    return answer(faces, ms, received);
  });

  // Face registration: every image must show exactly one face, or nothing is stored (DeepStack's answer is
  // `{success, message: "face added"}`; the reason for a refusal is in `error`). A face that is already
  // registered under another userid is refused too (DeepStack would store it silently, and recognition would then
  // name whichever of the two matched closer).
  app.post('/v1/vision/face/register', async (req) => {
    const form = await readForm(req, MAX_REGISTER_IMAGES);
    const name = userid(form);
    const images = form.files.filter((f) => f.bytes.length > 0);
    if (images.length === 0) throw new VisionError(400, 'No valid image file found');
    await options.faces
      .registerByName(
        name,
        images.map((f) => ({ frame: { bytes: f.bytes }, source: 'upload', label: f.field })),
      )
      .catch((error: unknown) => {
        const e = asAdapterError(error);
        if (e.code === 'frame_decode_failed' || e.code === 'frame_too_large')
          throw new VisionError(400, 'No valid image file found');
        if (e.code === 'no_face' || e.code === 'several_faces') throw new VisionError(400, e.message);
        if (e.code === 'face_exists') {
          const d = e.details as { person_name: string; similarity: number; picture: string | null };
          throw new VisionError(
            400,
            `the face in ${d.picture ?? 'the image'} is already registered as userid "${d.person_name}" ` +
              `(similarity ${d.similarity}): register it under that userid, or delete "${d.person_name}" first`,
          );
        }
        throw e;
      });
    return { success: true, message: 'face added' };
  });

  // Recognition: every face, with the registered userid it matches or "unknown" (confidence 0), as DeepStack.
  // min_confidence is the similarity a match needs; its default is the adapter's measured threshold.
  app.post('/v1/vision/face/recognize', async (req) => {
    const received = performance.now();
    const { image, minConfidence } = await accepted(req, DEFAULT_MATCH_THRESHOLD);
    const { result, ms } = await run('face_recognition', image, {
      threshold: minConfidence,
      max_results: 100,
    });
    const faces = result.faces as (Detection & { person: string | null; similarity: number | null })[];
    return answer(
      faces.map(({ bbox, person, similarity }) => ({
        userid: person ?? 'unknown',
        ...toPrediction({ bbox, confidence: person === null ? 0 : round3(similarity ?? 0) }),
      })),
      ms,
      received,
    );
  });

  app.post('/v1/vision/face/list', async (req) => {
    await readForm(req);
    return { success: true, faces: options.faces.gallery.list().map((p) => p.name) };
  });

  // Deleting a userid that is not registered succeeds, as in DeepStack (the end state is the same).
  app.post('/v1/vision/face/delete', async (req) => {
    const name = userid(await readForm(req));
    const person = options.faces.gallery.findByName(name);
    if (person) await options.faces.gallery.deletePerson(person.id);
    return { success: true };
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Whether a request is for the DeepStack API, which checks its own key (access.ts). */
export const isVisionCompat = (url: string): boolean => url.startsWith('/v1/vision/');
