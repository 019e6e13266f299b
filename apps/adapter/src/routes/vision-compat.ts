// The DeepStack / CodeProject.AI vision API (`/v1/vision/*`) that Blue Iris, Agent DVR, Frigate's `deepstack`
// detector, Home Assistant integrations and Viseron speak, served beside the native contract by the same models:
//   POST /v1/vision/detection  multipart `image`, optional `min_confidence` (default 0.45, as DeepStack)
//   POST /v1/vision/face       multipart `image`, optional `min_confidence` (face detection)
// Answers `{success:true, predictions:[{label?, confidence, x_min, y_min, x_max, y_max}], count, inferenceMs,
// processMs}`, and `{success:false, error}` with DeepStack's statuses (400 bad image or min_confidence, 401 wrong
// key, 500 otherwise). With ADAPTER_TOKEN set, the key comes as the `api_key` form field (as DeepStack clients
// send it) or as `Authorization: Bearer`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asAdapterError } from '../errors.js';

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
  fields: Map<string, string>;
}

async function readForm(req: FastifyRequest): Promise<VisionForm> {
  if (!req.isMultipart()) throw new VisionError(400, 'No valid image file found');
  const fields = new Map<string, string>();
  let image: Uint8Array | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image') image = new Uint8Array(bytes);
    } else {
      fields.set(part.fieldname, String(part.value));
    }
  }
  return { image, fields };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function minConfidence(fields: Map<string, string>): number {
  const text = fields.get('min_confidence');
  if (text === undefined || text === '') return DEFAULT_MIN_CONFIDENCE;
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

export async function visionCompatRoutes(app: FastifyInstance, options: { token: string | null }) {
  // DeepStack's envelope for every failure here, not the native one.
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof VisionError)
      return reply.status(err.status).send({ success: false, error: err.message });
    const e = asAdapterError(err);
    const status = e.status === 401 ? 401 : e.status < 500 ? 400 : 500;
    return reply.status(status).send({ success: false, error: e.message });
  });

  /** The image and knobs of a request, once its key is right. */
  async function accepted(req: FastifyRequest): Promise<{ image: Uint8Array; minConfidence: number }> {
    const form = await readForm(req);
    if (options.token) {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const key = form.fields.get('api_key') ?? '';
      if (!sameSecret(key, options.token) && !sameSecret(bearer, options.token))
        throw new VisionError(401, 'Incorrect api key');
    }
    if (!form.image || form.image.length === 0) throw new VisionError(400, 'No valid image file found');
    return { image: form.image, minConfidence: minConfidence(form.fields) };
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
}

/** Whether a request is for the DeepStack API, which checks its own key (form field or bearer). */
export const isVisionCompat = (url: string): boolean => url.startsWith('/v1/vision/');
