// The detectors `/v1/vision/custom/<model>` serves. CodeProject.AI clients name a model file there; the best known
// are Mike Lud's IP-camera YOLOv5 models that CodeProject.AI installs (ipcam-general is Viseron's default
// `custom_model` and CodeProject.AI's answer to "general"). This adapter has no such weights: it answers those
// names with its own COCO detector (CenterNet), restricted to the classes the named model reports and under that
// model's label spelling (taken from the label files of MikeLud/CodeProject.AI-Custom-IPcam-Models):
//   ipcam-general   person, vehicle (= COCO car, motorcycle, bus, truck)
//   ipcam-combined  person, bicycle, car, motorcycle, bus, truck, bird, cat, dog, horse, sheep, cow, bear
//   ipcam-animal    bird, cat, dog, horse, sheep, cow, bear
//   ipcam-dark      Bicycle, Bus, Car, Cat, Dog, Motorcycle, Person (that model's capitalised labels)
// Classes those models have and COCO has not (deer, rabbit, raccoon, fox, coyote, possum, skunk, squirrel, pig)
// are never reported; ipcam-dark's low-light training is not reproduced. Other names (license-plate, delivery…)
// are not served.
//
// Sources are consulted in order, so detectors an operator installs (issue #35: <MODELS_DIR>/detectors/<name>/)
// can be listed ahead of these and take a name over.
import type { Detectors } from '../../detectors/discovery.js';

/** A detector under a custom-model name: the native task and params that run it, and its label spelling. */
export interface CustomModel {
  readonly name: string;
  /** The labels it can report, in its own spelling. */
  readonly labels: readonly string[];
  readonly task: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** A native label in this model's spelling; undefined for a label it does not report. */
  relabel(nativeLabel: string): string | undefined;
}

export interface CustomModelSource {
  /** The names listed by /v1/vision/custom/list. */
  names(): string[];
  /** The model under `name` (compared without case, as on CodeProject.AI's Windows file names), if any. */
  find(name: string): CustomModel | undefined;
}

export class CustomModels {
  constructor(private readonly sources: readonly CustomModelSource[]) {}

  names(): string[] {
    return [...new Set(this.sources.flatMap((s) => s.names()))];
  }

  find(name: string): CustomModel | undefined {
    for (const source of this.sources) {
      const model = source.find(name);
      if (model) return model;
    }
    return undefined;
  }
}

/** The operator's detectors (`<MODELS_DIR>/detectors/<name>/`) under their folder names, with their own labels. */
export function operatorDetectorModels(detectors: Detectors): CustomModelSource {
  return {
    names: () => detectors.list.filter((d) => !d.error).map((d) => d.name),
    // A detector refused at start is found too, so its request fails with the reason rather than "unknown".
    find: (name) => {
      const d = detectors.find(name);
      return d
        ? {
            name: d.name,
            labels: d.labels,
            task: 'object_detection',
            params: { detector: d.name },
            relabel: (label) => label,
          }
        : undefined;
    },
  };
}

/** COCO label → the label the named model reports. */
const IPCAM_MODELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'ipcam-general': {
    person: 'person',
    car: 'vehicle',
    motorcycle: 'vehicle',
    bus: 'vehicle',
    truck: 'vehicle',
  },
  'ipcam-combined': Object.fromEntries(
    [
      'person',
      'bicycle',
      'car',
      'motorcycle',
      'bus',
      'truck',
      'bird',
      'cat',
      'dog',
      'horse',
      'sheep',
      'cow',
      'bear',
    ].map((l) => [l, l]),
  ),
  'ipcam-animal': Object.fromEntries(
    ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'bear'].map((l) => [l, l]),
  ),
  'ipcam-dark': Object.fromEntries(
    ['bicycle', 'bus', 'car', 'cat', 'dog', 'motorcycle', 'person'].map((l) => [
      l,
      l[0]!.toUpperCase() + l.slice(1),
    ]),
  ),
};

/** CodeProject.AI serves its general IP-camera model for this name too (not listed, as there). */
const ALIASES: Readonly<Record<string, string>> = { general: 'ipcam-general' };

function ipcamModel(name: string): CustomModel {
  const labelMap = IPCAM_MODELS[name]!;
  return {
    name,
    labels: [...new Set(Object.values(labelMap))],
    task: 'object_detection',
    // These names are defined by COCO labels: the built-in detector, whatever DETECTOR says.
    params: { labels: Object.keys(labelMap), detector: 'centernet' },
    relabel: (label) => (Object.hasOwn(labelMap, label) ? labelMap[label] : undefined),
  };
}

/** The IP-camera model names, served by the built-in COCO detector. */
export const builtInCustomModels: CustomModelSource = {
  names: () => Object.keys(IPCAM_MODELS),
  find: (name) => {
    const key = name.toLowerCase();
    const canonical = Object.hasOwn(ALIASES, key) ? ALIASES[key]! : key;
    // hasOwn: a name such as "constructor" must not reach Object.prototype.
    return Object.hasOwn(IPCAM_MODELS, canonical) ? ipcamModel(canonical) : undefined;
  },
};
