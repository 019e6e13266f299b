// Worker-side model cache: single-flight loading, eviction on failure, explicit unload.
import { MODELS, weightsDir, type ModelName } from './catalog.js';
import { loadBlazeFace, type BlazeFace } from './blazeface.js';
import { loadCenterNet, type CenterNet } from './centernet.js';
import { loadSsdFace, type SsdFace } from './ssd-face.js';
import { loadAgeGender, loadLandmarker, type AgeGenderNet, type FaceLandmarker } from './face-attributes.js';
import { loadFaceRes, type FaceEmbedder } from '../faces/faceres.js';

export interface ModelInstances {
  centernet: CenterNet;
  ssd_face: SsdFace;
  blazeface: BlazeFace;
  face_landmarks68: FaceLandmarker;
  face_age_gender: AgeGenderNet;
  face_embedding: FaceEmbedder;
}

const LOADERS: { [K in ModelName]: (dir: string) => Promise<ModelInstances[K]> } = {
  centernet: loadCenterNet,
  ssd_face: loadSsdFace,
  blazeface: loadBlazeFace,
  face_landmarks68: loadLandmarker,
  face_age_gender: loadAgeGender,
  face_embedding: loadFaceRes,
};

export class ModelCache {
  private readonly loading = new Map<ModelName, Promise<unknown>>();

  constructor(private readonly modelsDir: string) {}

  get<K extends ModelName>(name: K): Promise<ModelInstances[K]> {
    let pending = this.loading.get(name) as Promise<ModelInstances[K]> | undefined;
    if (!pending) {
      pending = LOADERS[name](weightsDir(MODELS[name], this.modelsDir));
      this.loading.set(name, pending);
      // A failed load is forgotten so the next request retries it.
      pending.catch(() => this.loading.delete(name));
    }
    return pending;
  }

  /** Frees the weights; the next request that needs the model loads it again. */
  async unload(name: ModelName): Promise<void> {
    const pending = this.loading.get(name);
    this.loading.delete(name);
    const instance = (await pending?.catch(() => undefined)) as { dispose(): void } | undefined;
    instance?.dispose();
  }
}
