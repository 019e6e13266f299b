// Worker-side model cache: single-flight loading, eviction on failure, explicit unload.
import { openDetector, type DetectorSpec, type OnnxDetector } from '../detectors/model.js';
import { isBuiltInModel, MODELS, weightsDir, type ModelKey, type ModelName } from './catalog.js';
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
  private readonly loading = new Map<ModelKey, Promise<unknown>>();
  private readonly detectorSpecs: ReadonlyMap<string, DetectorSpec>;

  constructor(
    private readonly modelsDir: string,
    detectors: readonly DetectorSpec[] = [],
  ) {
    this.detectorSpecs = new Map(detectors.map((d) => [d.name, d]));
  }

  /** A built-in model or an operator detector by key (the registry's load and unload commands). */
  load(key: ModelKey): Promise<unknown> {
    return isBuiltInModel(key) ? this.get(key) : this.detector(key.slice('detectors/'.length));
  }

  /** An operator detector that passed its check at start, by its exact name. */
  detector(name: string): Promise<OnnxDetector> {
    const key: ModelKey = `detectors/${name}`;
    let pending = this.loading.get(key) as Promise<OnnxDetector> | undefined;
    if (!pending) {
      const spec = this.detectorSpecs.get(name);
      pending = spec ? openDetector(spec) : Promise.reject(new Error(`no usable detector ${name}`));
      this.loading.set(key, pending);
      pending.catch(() => this.loading.delete(key));
    }
    return pending;
  }

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
  async unload(name: ModelKey): Promise<void> {
    const pending = this.loading.get(name);
    this.loading.delete(name);
    const instance = (await pending?.catch(() => undefined)) as { dispose(): unknown } | undefined;
    await instance?.dispose();
  }
}
