// The gallery's use cases: turning a registration picture into a face (exactly one usable face, or a clear
// refusal that stores nothing), and creating, renaming and deleting people and faces. Routes (native and
// DeepStack) call only this.
import sharp from 'sharp';
import { AdapterError } from '../errors.js';
import type { FrameInput, InferenceService } from '../inference.js';
import { checkName, type FaceGallery, type LookalikeCheck, type NewFace, type Person } from './gallery.js';
import { DEFAULT_MATCH_THRESHOLD } from './recognition.js';

/** The detector confidence a registration face needs (face_detection's default). */
const REGISTER_MIN_CONFIDENCE = 0.5;
/** Smaller faces give descriptors too blurry to recognise anyone by (FaceRes looks at 224 px). */
export const REGISTER_MIN_FACE_PX = 40;
const CROP_SIDE = 160;

/** A registration picture; `label` names it in errors (e.g. the form field). */
export interface Picture {
  frame: FrameInput;
  source: string;
  label: string;
}

/** The lookalike check of a registration (recognition's own threshold), or none when forced. */
const lookalikes = (frames: Picture[], force = false): LookalikeCheck | undefined =>
  force ? undefined : { threshold: DEFAULT_MATCH_THRESHOLD, labels: frames.map((f) => f.label) };

interface DetectedFace {
  bbox: [number, number, number, number];
  confidence: number;
}

export class FaceService {
  constructor(
    readonly gallery: FaceGallery,
    private readonly inference: InferenceService,
  ) {}

  /** One face from a registration picture; `label` names the picture in errors (e.g. the form field). */
  async faceFrom(frame: FrameInput, source: string, label = 'the image'): Promise<NewFace> {
    const bytes = await this.inference.frameBytes(frame);
    const result = await this.inference.runRaw(
      'face_recognition',
      { bytes },
      {
        min_confidence: REGISTER_MIN_CONFIDENCE,
      },
    );
    const faces = result.faces as DetectedFace[];
    const descriptors = result.descriptors as Float32Array[];
    if (faces.length === 0)
      throw new AdapterError('no_face', `no face found in ${label}: register a picture that shows one face`, {
        details: { reason: 'none', face_count: 0 },
      });
    if (faces.length > 1)
      throw new AdapterError(
        'several_faces',
        `${faces.length} faces found in ${label}: a registration picture must show exactly one face`,
        { details: { reason: 'several', face_count: faces.length } },
      );
    const [x1, y1, x2, y2] = faces[0]!.bbox;
    const side = Math.min(x2 - x1, y2 - y1);
    if (side < REGISTER_MIN_FACE_PX)
      throw new AdapterError(
        'no_face',
        `the face in ${label} is ${side} px across; at least ${REGISTER_MIN_FACE_PX} px are needed to recognise it`,
        { details: { reason: 'too_small', face_px: side, min_face_px: REGISTER_MIN_FACE_PX } },
      );
    return { descriptor: descriptors[0]!, crop: await cropJpeg(bytes, faces[0]!.bbox), source };
  }

  /** Every picture is checked before anything is stored: one bad picture fails the whole registration. */
  async facesFrom(frames: Picture[]): Promise<NewFace[]> {
    const out: NewFace[] = [];
    for (const f of frames) out.push(await this.faceFrom(f.frame, f.source, f.label));
    return out;
  }

  /**
   * A face already registered under another name is refused (face_exists, naming that person) unless `force`:
   * one face under two names makes recognition name whichever matched closer.
   */
  async createPerson(rawName: unknown, frames: Picture[], options: { force?: boolean } = {}) {
    const name = checkName(rawName);
    if (this.gallery.findByName(name))
      throw new AdapterError('person_exists', `a person named "${name}" exists already`);
    return this.gallery.create(name, await this.facesFrom(frames), lookalikes(frames, options.force));
  }

  async addFaces(id: string, frames: Picture[], options: { force?: boolean } = {}) {
    this.gallery.get(id);
    return this.gallery.addFaces(id, await this.facesFrom(frames), lookalikes(frames, options.force));
  }

  /** DeepStack's register: the faces go to the person of that name, created on first use; never forced. */
  async registerByName(rawName: unknown, frames: Picture[]) {
    const name = checkName(rawName, 'userid');
    const faces = await this.facesFrom(frames);
    const existing = this.gallery.findByName(name);
    const check = lookalikes(frames, false);
    return existing
      ? this.gallery.addFaces(existing.id, faces, check)
      : this.gallery.create(name, faces, check);
  }

  rename(id: string, rawName: unknown): Promise<Person> {
    return this.gallery.rename(id, checkName(rawName));
  }
}

/** A small JPEG of the face (with some margin) for people to see who is registered. */
async function cropJpeg(bytes: Uint8Array, [x1, y1, x2, y2]: [number, number, number, number]) {
  const meta = await sharp(bytes).metadata();
  // Boxes are in the upright picture (EXIF orientation applied), as the detector saw it.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const margin = Math.round(Math.max(x2 - x1, y2 - y1) * 0.25);
  const left = Math.max(0, x1 - margin);
  const top = Math.max(0, y1 - margin);
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(width, x2 + margin) - left),
    height: Math.max(1, Math.min(height, y2 + margin) - top),
  };
  const jpeg = await sharp(bytes)
    .autoOrient()
    .extract(region)
    .resize(CROP_SIDE, CROP_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(jpeg);
}
