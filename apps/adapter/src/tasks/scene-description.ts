// scene_description via the built-in composer (runs in a worker on real detections). When a local captioning
// model is in MODELS_DIR or a caption endpoint is configured (CAPTION_URL), the service asks those first
// (scene/local-caption/backends.ts) and this run answers only when neither can.
import { composeScene, meanLuma } from '../scene/composer.js';
import { detectObjects } from './detections.js';
import { PERSON_MIN_SCORE } from './thresholds.js';
import { findFaces } from './face-detection.js';
import { frameSize, paramsSchema, type TaskDefinition } from './types.js';
import { Type } from '@sinclair/typebox';

export const SCENE_COMPOSER_ID = 'scene-composer/centernet+ssd-face+faceapi-agegender';
// How sure the detector must be before the sentence names something, by class. People: person_counting's
// default (thresholds.ts), so the sentence and the count agree. Other objects: 0.4, and animals 0.3 — CenterNet
// scores animals lower. Calibrated on the project's 12 test photos (docs/adapter.md): every false object it
// found there (a parking meter, a tie, a remote, a fire hydrant, sheep, cows) scored below these, while the
// objects a person sees in them (cars, a bicycle, dogs, horses, kites, a cell phone, a cup) score above.
const MIN_PERSON = PERSON_MIN_SCORE;
const MIN_ANIMAL = 0.3;
const MIN_OBJECT = 0.4;
const ANIMALS = new Set([
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
]);
const MIN_FACE = 0.5;

export function nameableAbove(label: string): number {
  return label === 'person' ? MIN_PERSON : ANIMALS.has(label) ? MIN_ANIMAL : MIN_OBJECT;
}

export const sceneDescription: TaskDefinition = {
  name: 'scene_description',
  summary:
    'One factual sentence about the frame (local caption model, else caption endpoint, else the scene composer)',
  models: ['centernet', 'ssd_face', 'face_landmarks68', 'face_age_gender'],
  params: paramsSchema({
    camera_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Integer()])),
    prompt: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2000, description: 'caption backends only' }),
    ),
  }),
  tracked: false,
  async run(ctx) {
    const { width, height } = frameSize(ctx.frame);
    const objects = (await detectObjects(ctx)).filter((o) => o.score >= nameableAbove(o.label));
    const faces = await findFaces(ctx, 'ssd', MIN_FACE, 20);
    const caption = composeScene({
      width,
      height,
      people: objects.filter((o) => o.label === 'person').length,
      faces: faces.map((f) => ({ age: f.attrs.age, gender: f.attrs.gender })),
      objects: objects.map((o) => ({ label: o.label, centerX: (o.box[0] + o.box[2]) / 2 })),
      brightness: meanLuma(ctx.frame.data),
    });
    return { task: 'scene_description', caption, model_id: SCENE_COMPOSER_ID, frame: { width, height } };
  },
};
