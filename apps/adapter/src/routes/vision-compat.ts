// The DeepStack / CodeProject.AI vision API (`/v1/vision/*`) that Blue Iris, Agent DVR, Frigate's `deepstack`
// detector, Home Assistant integrations and Viseron speak, served beside the native contract by the same models:
//   POST /v1/vision/detection  multipart `image`, optional `min_confidence` (default 0.45, as DeepStack)
//   POST /v1/vision/face       multipart `image`, optional `min_confidence` (face detection)
//   POST /v1/vision/face/register   `userid` + one or more image files (any field names, e.g. image1, image2)
//   POST /v1/vision/face/recognize  `image`, optional `min_confidence` (the similarity a match needs)
//   POST /v1/vision/face/list       → {success, faces: [userid...]}
//   POST /v1/vision/face/delete     `userid`
// Answers `{success:true, predictions:[{label?, confidence, x_min, y_min, x_max, y_max}], count, inferenceMs,
// processMs}`, and `{success:false, error}` with DeepStack's statuses (400 bad image or min_confidence, 401 wrong
// key, 500 otherwise). With ADAPTER_TOKEN set, the key comes as the `api_key` form field (as DeepStack clients
// send it) or as `Authorization: Bearer`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asAdapterError } from '../errors.js';
import { checkName } from '../faces/gallery.js';
import { DEFAULT_MATCH_THRESHOLD } from '../faces/recognition.js';
import type { FaceService } from '../faces/service.js';

/** DeepStack's default for `min_confidence`. */
const DEFAULT_MIN_CONFIDENCE = 0.45;

/** A failure in DeepStack's terms: its message and status. */
class VisionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface VisionForm {
  image: Uint8Array | undefined;
  /** Every file part in order (face registration takes all of them, whatever their names). */
  files: { field: string; bytes: Uint8Array }[];
  fields: Map<string, string>;
}

/** Images one face registration may carry. */
const MAX_REGISTER_IMAGES = 10;

async function readForm(req: FastifyRequest, maxFiles = 1): Promise<VisionForm> {
  const fields = new Map<string, string>();
  const files: VisionForm['files'] = [];
  // /list and /delete are often sent without any body or as a urlencoded-free empty form.
  if (!req.isMultipart()) return { image: undefined, files, fields };
  for await (const part of req.parts({ limits: { files: maxFiles } })) {
    if (part.type === 'file') {
      files.push({ field: part.fieldname, bytes: new Uint8Array(await part.toBuffer()) });
    } else {
      fields.set(part.fieldname, String(part.value));
    }
  }
  return { image: files.find((f) => f.field === 'image')?.bytes, files, fields };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function minConfidence(fields: Map<string, string>, fallback = DEFAULT_MIN_CONFIDENCE): number {
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

export async function visionCompatRoutes(
  app: FastifyInstance,
  options: { token: string | null; faces: FaceService },
) {
  // DeepStack's envelope for every failure here, not the native one.
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof VisionError)
      return reply.status(err.status).send({ success: false, error: err.message });
    const e = asAdapterError(err);
    const status = e.status === 401 ? 401 : e.status < 500 ? 400 : 500;
    return reply.status(status).send({ success: false, error: e.message });
  });

  /** The form of a request, once its key is right. */
  async function authorised(req: FastifyRequest, maxFiles = 1): Promise<VisionForm> {
    const form = await readForm(req, maxFiles);
    if (options.token) {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const key = form.fields.get('api_key') ?? '';
      if (!sameSecret(key, options.token) && !sameSecret(bearer, options.token))
        throw new VisionError(401, 'Incorrect api key');
    }
    return form;
  }

  /** The image and knobs of a request, once its key is right. */
  async function accepted(
    req: FastifyRequest,
    defaultMinConfidence = DEFAULT_MIN_CONFIDENCE,
  ): Promise<{ image: Uint8Array; minConfidence: number }> {
    const form = await authorised(req);
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
    const { image, minConfidence } = await accepted(req);
    const { result, ms } = await run('object_detection', image, {
      min_confidence: minConfidence,
      max_results: 100,
    });
    return answer((result.detections as Detection[]).map(toPrediction), ms, received);
  });

  app.post('/v1/vision/face', async (req) => {
    const received = performance.now();
    const { image, minConfidence } = await accepted(req);
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
  // `{success, message: "face added"}`; the reason for a refusal is in `error`).
  app.post('/v1/vision/face/register', async (req) => {
    const form = await authorised(req, MAX_REGISTER_IMAGES);
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
    await authorised(req);
    return { success: true, faces: options.faces.gallery.list().map((p) => p.name) };
  });

  // Deleting a userid that is not registered succeeds, as in DeepStack (the end state is the same).
  app.post('/v1/vision/face/delete', async (req) => {
    const name = userid(await authorised(req));
    const person = options.faces.gallery.findByName(name);
    if (person) await options.faces.gallery.deletePerson(person.id);
    return { success: true };
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Whether a request is for the DeepStack API, which checks its own key (form field or bearer). */
export const isVisionCompat = (url: string): boolean => url.startsWith('/v1/vision/');
