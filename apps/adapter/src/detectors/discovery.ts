// Operator detectors (issue #35): `<MODELS_DIR>/detectors/<name>/` holding model.onnx, labels.txt and optionally
// detector.json. Found once at start on the main thread: names and file sizes checked, the settings read, the
// files fingerprinted, and the model opened and run once on a grey picture (model.ts) so that a broken one is
// listed as failed with its reason in /health and /adapters instead of failing requests later. A swapped model
// is picked up at the next start.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDetector, type DetectorFacts, type DetectorSpec } from './model.js';
import {
  BUILT_IN_DETECTOR,
  DETECTOR_NAME,
  DetectorConfigError,
  parseDetectorFile,
  parseLabels,
  type DetectorFile,
} from './settings.js';

export { BUILT_IN_DETECTOR, DETECTOR_NAME };

export const DETECTORS_DIR = 'detectors';
export const MAX_MODEL_BYTES = 1024 * 1024 * 1024;
const MAX_LABELS_BYTES = 256 * 1024;
const MAX_SETTINGS_BYTES = 16 * 1024;
const MAX_DETECTORS = 64;

export type DetectorKey = `detectors/${string}`;
export const detectorKey = (name: string): DetectorKey => `detectors/${name}`;

export interface DiscoveredDetector {
  name: string;
  /** sha256 over model.onnx, labels.txt and detector.json (when present), in that order; null when unreadable */
  fingerprint: string | null;
  labels: string[];
  /** set when the detector works */
  spec: DetectorSpec | null;
  facts: DetectorFacts | null;
  /** why it cannot be used */
  error: string | null;
}

export interface DiscoveryLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** A file of the folder, checked to be a regular file of bounded size; null when absent and optional. */
function boundedFile(dir: string, file: string, limit: number, required: boolean): string | null {
  const path = join(dir, file);
  if (!existsSync(path)) {
    if (required) throw new DetectorConfigError(`${file} is missing`);
    return null;
  }
  const stat = statSync(path);
  if (!stat.isFile()) throw new DetectorConfigError(`${file} is not a regular file`);
  if (stat.size > limit)
    throw new DetectorConfigError(`${file} is ${stat.size} bytes, over the ${limit} allowed`);
  return path;
}

async function hashFiles(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const f of files) for await (const chunk of createReadStream(f)) hash.update(chunk as Buffer);
  return `sha256:${hash.digest('hex')}`;
}

async function inspectDetector(name: string, dir: string): Promise<DiscoveredDetector> {
  const found: DiscoveredDetector = {
    name,
    fingerprint: null,
    labels: [],
    spec: null,
    facts: null,
    error: null,
  };
  try {
    if (!statSync(dir).isDirectory()) throw new DetectorConfigError('not a folder');
    const model = boundedFile(dir, 'model.onnx', MAX_MODEL_BYTES, true)!;
    const labelsPath = boundedFile(dir, 'labels.txt', MAX_LABELS_BYTES, true)!;
    const settingsPath = boundedFile(dir, 'detector.json', MAX_SETTINGS_BYTES, false);
    found.fingerprint = await hashFiles([model, labelsPath, ...(settingsPath ? [settingsPath] : [])]);
    found.labels = parseLabels(readFileSync(labelsPath, 'utf8'));
    const file: DetectorFile = settingsPath ? parseDetectorFile(readFileSync(settingsPath, 'utf8')) : {};
    const spec: DetectorSpec = { name, modelFile: model, labels: found.labels, file };
    const detector = await openDetector(spec);
    found.facts = detector.facts;
    await detector.dispose();
    found.spec = spec;
  } catch (err) {
    found.error = err instanceof Error ? err.message : String(err);
  }
  return found;
}

/** Every folder under `<modelsDir>/detectors/`, sorted by name; unusable names are skipped with a warning. */
export async function discoverDetectors(modelsDir: string, log: DiscoveryLog): Promise<DiscoveredDetector[]> {
  const root = join(modelsDir, DETECTORS_DIR);
  if (!existsSync(root)) return [];
  const names = readdirSync(root).sort();
  const out: DiscoveredDetector[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (!DETECTOR_NAME.test(name)) {
      log.warn(
        { folder: JSON.stringify(name).slice(0, 80) },
        `skipping ${root}/<folder>: a detector folder name is 1-64 letters, digits, ".", "-" or "_"`,
      );
      continue;
    }
    if (name.toLowerCase() === BUILT_IN_DETECTOR || seen.has(name.toLowerCase())) {
      log.warn({ folder: name }, 'skipping a detector folder whose name is taken (names ignore case)');
      continue;
    }
    if (out.length >= MAX_DETECTORS) {
      log.warn({ folder: name }, `skipping detector folders beyond ${MAX_DETECTORS}`);
      break;
    }
    seen.add(name.toLowerCase());
    const found = await inspectDetector(name, join(root, name));
    if (found.error) log.warn({ detector: name, error: found.error }, 'detector refused');
    out.push(found);
  }
  return out;
}

/** The discovered detectors by name (without case), as the services look them up. */
export class Detectors {
  private readonly byName: Map<string, DiscoveredDetector>;

  constructor(readonly list: readonly DiscoveredDetector[]) {
    this.byName = new Map(list.map((d) => [d.name.toLowerCase(), d]));
  }

  find(name: string): DiscoveredDetector | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** The specs of the detectors that work, for the workers. */
  specs(): DetectorSpec[] {
    return this.list.flatMap((d) => (d.spec ? [d.spec] : []));
  }
}
