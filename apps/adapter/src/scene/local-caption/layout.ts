// Finding a local captioning model in MODELS_DIR: a folder in the layout transformers.js and Optimum exports use
// (`<MODELS_DIR>/<org>/<name>/` or `<MODELS_DIR>/<name>/` holding config.json, preprocessor_config.json,
// tokenizer.json, generation_config.json and onnx/*.onnx). Runs on the main thread at start and when the files
// are checked for a swap; reads only small JSON files here, never the weights.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** JSON files of an export are a few MB at most (tokenizer.json of GPT-2 is ~1.4 MB). */
const MAX_JSON_BYTES = 16 * 1024 * 1024;
/** The architecture this adapter can run: a vision encoder with a GPT-2 text decoder (ViT-GPT2). */
export const SUPPORTED_MODEL_TYPE = 'vision-encoder-decoder';
const SUPPORTED_DECODERS = ['gpt2'];

// Full precision first; an operator who wants the 8-bit files removes the others.
const ENCODER_FILES = ['encoder_model.onnx', 'encoder_model_quantized.onnx'];
const DECODER_FILES: { file: string; withPast: boolean }[] = [
  { file: 'decoder_model_merged.onnx', withPast: true },
  { file: 'decoder_model_merged_quantized.onnx', withPast: true },
  { file: 'decoder_model.onnx', withPast: false },
  { file: 'decoder_model_quantized.onnx', withPast: false },
];

/** Everything the worker needs to load the model: absolute paths and the decoder's shape. */
export interface CaptionModelLayout {
  dir: string;
  config: string;
  preprocessor: string;
  tokenizer: string;
  generation: string | null;
  encoder: string;
  decoder: string;
  /** decoder_model_merged: past key/values are fed back (one token per step); else the whole prefix. */
  decoderWithPast: boolean;
}

export interface DiscoveredCaptionModel {
  /** `<org>/<name>` (or `<name>`) relative to MODELS_DIR. */
  id: string;
  dir: string;
  layout: CaptionModelLayout | null;
  /** Why the folder cannot be used (missing file, unsupported architecture); null when layout is set. */
  problem: string | null;
}

export function readJsonFile(path: string): unknown {
  const size = statSync(path).size;
  if (size > MAX_JSON_BYTES) throw new Error(`${path} is ${size} bytes, over ${MAX_JSON_BYTES}`);
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/**
 * Folders one or two levels under MODELS_DIR with a config.json and an onnx/ folder, sorted by id. Folders of
 * built-in weight overrides (`<MODELS_DIR>/centernet/`) have neither and are not looked at further.
 */
export function discoverCaptionModels(modelsDir: string): DiscoveredCaptionModel[] {
  const found: DiscoveredCaptionModel[] = [];
  const visit = (dir: string, depth: number) => {
    if (existsSync(join(dir, 'config.json')) && existsSync(join(dir, 'onnx'))) {
      found.push(inspect(modelsDir, dir));
      return;
    }
    if (depth === 2) return;
    for (const entry of safeReaddir(dir)) if (entry.isDirectory()) visit(join(dir, entry.name), depth + 1);
  };
  if (existsSync(modelsDir)) visit(modelsDir, 0);
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

function safeReaddir(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Checks one candidate folder: architecture from config.json, then the files a run needs. */
export function inspect(modelsDir: string, dir: string): DiscoveredCaptionModel {
  const id = relative(modelsDir, dir).split(sep).join('/');
  const refuse = (problem: string): DiscoveredCaptionModel => ({ id, dir, layout: null, problem });
  let config: { model_type?: unknown; decoder?: { model_type?: unknown } };
  try {
    config = readJsonFile(join(dir, 'config.json')) as typeof config;
  } catch (err) {
    return refuse(`config.json is not readable JSON: ${(err as Error).message}`);
  }
  if (config.model_type !== SUPPORTED_MODEL_TYPE) {
    return refuse(
      `config.json model_type "${String(config.model_type)}" is not supported ` +
        `(supported: "${SUPPORTED_MODEL_TYPE}" with a GPT-2 decoder, e.g. a ViT-GPT2 export)`,
    );
  }
  const decoderType = config.decoder?.model_type;
  if (typeof decoderType !== 'string' || !SUPPORTED_DECODERS.includes(decoderType)) {
    return refuse(
      `config.json decoder.model_type "${String(decoderType)}" is not supported (supported: ${SUPPORTED_DECODERS.join(', ')})`,
    );
  }
  const need = (name: string) => (existsSync(join(dir, name)) ? join(dir, name) : null);
  const preprocessor = need('preprocessor_config.json');
  const tokenizer = need('tokenizer.json');
  const encoderFile = ENCODER_FILES.find((f) => existsSync(join(dir, 'onnx', f)));
  const decoder = DECODER_FILES.find((d) => existsSync(join(dir, 'onnx', d.file)));
  const missing = [
    ...(preprocessor ? [] : ['preprocessor_config.json']),
    ...(tokenizer ? [] : ['tokenizer.json']),
    ...(encoderFile ? [] : [`onnx/${ENCODER_FILES[0]}`]),
    ...(decoder ? [] : [`onnx/${DECODER_FILES[0]!.file} or onnx/decoder_model.onnx`]),
  ];
  if (missing.length || !preprocessor || !tokenizer || !encoderFile || !decoder) {
    return refuse(`missing ${missing.join(', ')}`);
  }
  return {
    id,
    dir,
    problem: null,
    layout: {
      dir,
      config: join(dir, 'config.json'),
      preprocessor,
      tokenizer,
      generation: need('generation_config.json'),
      encoder: join(dir, 'onnx', encoderFile),
      decoder: join(dir, 'onnx', decoder.file),
      decoderWithPast: decoder.withPast,
    },
  };
}

/** The files whose bytes make up the model (fingerprint order), with ONNX external-data files when present. */
export function layoutFiles(layout: CaptionModelLayout): string[] {
  const weights = [layout.encoder, layout.decoder].flatMap((f) =>
    existsSync(`${f}_data`) ? [f, `${f}_data`] : [f],
  );
  return [
    layout.config,
    layout.preprocessor,
    layout.tokenizer,
    ...(layout.generation ? [layout.generation] : []),
    ...weights,
  ];
}
