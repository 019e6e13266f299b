// A ViT-GPT2 (VisionEncoderDecoder) captioning model exported to ONNX, driven with onnxruntime-node: the encoder
// turns the frame into hidden states once, then the GPT-2 decoder is run greedily one token at a time — with
// past key/values fed back when the export is a merged decoder, else over the whole prefix — until the end token
// or the length limit; the ids are decoded with tokenizer.json. Runs in the caption worker; reads only the
// files of the layout (nothing is fetched).
import type * as Ort from 'onnxruntime-node';
import type { DecodedFrame } from '../../frames/decode.js';
import { ort } from '../../runtimes/onnx.js';
import type { CaptionModelLayout } from './layout.js';
import { readJsonFile } from './layout.js';
import { imagePreprocessing, pixelValues, type ImagePreprocessing } from './preprocess.js';
import { ByteLevelTokenizer } from './tokenizer.js';

/** Upper bound on generated tokens whatever generation_config.json says: one caption, bounded latency. */
export const MAX_NEW_TOKENS = 64;
/** Hugging Face's default when generation_config.json has no max_length (it counts the start token). */
const DEFAULT_MAX_LENGTH = 20;

export interface GenerationSettings {
  startId: number;
  eosIds: number[];
  maxNewTokens: number;
  layers: number;
  heads: number;
  headDim: number;
}

export interface CaptionOutput {
  caption: string;
  tokens: number[];
}

export interface CaptionModel {
  caption(frame: DecodedFrame): Promise<CaptionOutput>;
  dispose(): Promise<void>;
}

type Json = Record<string, unknown>;

const integer = (value: unknown, what: string): number => {
  if (!Number.isInteger(value) || (value as number) < 0) throw new Error(`${what} must be a token id`);
  return value as number;
};

/** Start/end tokens, length limit and the decoder's cache shape from config.json and generation_config.json. */
export function generationSettings(config: Json, generation: Json): GenerationSettings {
  const decoder = (config.decoder ?? {}) as Json;
  const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null);
  const startId = integer(
    pick(generation.decoder_start_token_id, config.decoder_start_token_id, decoder.bos_token_id),
    'decoder_start_token_id',
  );
  const eos = pick(generation.eos_token_id, config.eos_token_id, decoder.eos_token_id);
  const eosIds = (Array.isArray(eos) ? eos : [eos]).map((e) => integer(e, 'eos_token_id'));
  const maxLength = pick(generation.max_length, config.max_length) ?? DEFAULT_MAX_LENGTH;
  const maxNew = pick(generation.max_new_tokens) ?? (maxLength as number) - 1;
  if (!Number.isInteger(maxNew) || (maxNew as number) < 1)
    throw new Error('generation_config.json max_length/max_new_tokens must allow at least one token');
  const layers = pick(decoder.n_layer, decoder.num_hidden_layers);
  const heads = pick(decoder.n_head, decoder.num_attention_heads);
  const hidden = pick(decoder.n_embd, decoder.hidden_size);
  if (![layers, heads, hidden].every((v) => Number.isInteger(v) && (v as number) > 0))
    throw new Error('config.json decoder needs n_layer, n_head and n_embd');
  return {
    startId,
    eosIds,
    maxNewTokens: Math.min(maxNew as number, MAX_NEW_TOKENS),
    layers: layers as number,
    heads: heads as number,
    headDim: (hidden as number) / (heads as number),
  };
}

async function openSession(path: string, dir: string): Promise<Ort.InferenceSession> {
  try {
    return await ort().InferenceSession.create(path, {
      executionProviders: ['cpu'],
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
  } catch (err) {
    // Named relative to the model folder (health shows this); onnxruntime's message repeats the full path.
    const name = path.slice(dir.length + 1);
    throw new Error(`${name}: ${(err as Error).message.split(path).join(name)}`);
  }
}

export async function loadCaptionModel(layout: CaptionModelLayout): Promise<CaptionModel> {
  const read = (path: string) => readJsonFile(path) as Json;
  const config = read(layout.config);
  const settings = generationSettings(config, layout.generation ? read(layout.generation) : {});
  const tokenizer = new ByteLevelTokenizer(readJsonFile(layout.tokenizer));
  const pre = imagePreprocessing(read(layout.preprocessor));
  const encoder = await openSession(layout.encoder, layout.dir);
  const decoder = await openSession(layout.decoder, layout.dir).catch(async (err: unknown) => {
    await encoder.release();
    throw err;
  });
  try {
    checkNames(encoder, decoder, layout.decoderWithPast);
  } catch (err) {
    await Promise.all([encoder.release(), decoder.release()]);
    throw err;
  }
  return {
    async caption(frame) {
      const tokens = await generate(encoder, decoder, pre, settings, frame, layout.decoderWithPast);
      return { caption: tokenizer.decode(tokens), tokens };
    },
    async dispose() {
      await Promise.all([encoder.release(), decoder.release()]);
    },
  };
}

const DECODER_INPUTS =
  /^(input_ids|encoder_hidden_states|encoder_attention_mask|attention_mask|position_ids|use_cache_branch|past_key_values\.\d+\.(key|value))$/;

/** Fails at load, with the name, when an export has inputs or outputs this driver does not know how to feed. */
function checkNames(encoder: Ort.InferenceSession, decoder: Ort.InferenceSession, withPast: boolean): void {
  if (!encoder.inputNames.includes('pixel_values') || !encoder.outputNames.includes('last_hidden_state'))
    throw new Error(
      `encoder must take pixel_values and give last_hidden_state (has ${encoder.inputNames.join(', ')} → ${encoder.outputNames.join(', ')})`,
    );
  const unknown = decoder.inputNames.filter((n) => !DECODER_INPUTS.test(n));
  if (unknown.length) throw new Error(`decoder input ${unknown.join(', ')} is not supported`);
  for (const name of ['input_ids', 'encoder_hidden_states'])
    if (!decoder.inputNames.includes(name)) throw new Error(`decoder has no ${name} input`);
  if (!decoder.outputNames.includes('logits')) throw new Error('decoder has no logits output');
  if (withPast && !decoder.inputNames.some((n) => n.startsWith('past_key_values.')))
    throw new Error('decoder_model_merged has no past_key_values inputs');
}

const int64 = (values: number[], dims: number[]) =>
  new (ort().Tensor)('int64', BigInt64Array.from(values.map(BigInt)), dims);

/** Greedy decoding: the most likely next token each step, until an end token or the limit. */
async function generate(
  encoder: Ort.InferenceSession,
  decoder: Ort.InferenceSession,
  pre: ImagePreprocessing,
  s: GenerationSettings,
  frame: DecodedFrame,
  withPast: boolean,
): Promise<number[]> {
  const { Tensor } = ort();
  const pixels = await pixelValues(frame, pre);
  const encoded = await encoder.run({ pixel_values: new Tensor('float32', pixels.data, pixels.dims) });
  const hidden = encoded.last_hidden_state!;
  const encoderLength = hidden.dims[1]!;
  const ids = [s.startId];
  // An empty cache for the first step of a merged decoder (its use_cache_branch input is false then).
  let past: Record<string, Ort.Tensor> = {};
  if (withPast) {
    for (const name of decoder.inputNames.filter((n) => n.startsWith('past_key_values.')))
      past[name] = new Tensor('float32', new Float32Array(0), [1, s.heads, 0, s.headDim]);
  }
  const generated: number[] = [];
  for (let step = 0; step < s.maxNewTokens; step++) {
    const pastLength = withPast ? ids.length - 1 : 0;
    const fed = withPast ? ids.slice(-1) : ids;
    const feeds: Record<string, Ort.Tensor> = { input_ids: int64(fed, [1, fed.length]), ...past };
    for (const name of decoder.inputNames) {
      if (name === 'encoder_hidden_states') feeds[name] = hidden;
      else if (name === 'encoder_attention_mask')
        feeds[name] = int64(new Array<number>(encoderLength).fill(1), [1, encoderLength]);
      else if (name === 'attention_mask')
        feeds[name] = int64(new Array<number>(ids.length).fill(1), [1, ids.length]);
      else if (name === 'position_ids')
        feeds[name] = int64(
          fed.map((_, i) => pastLength + i),
          [1, fed.length],
        );
      else if (name === 'use_cache_branch') feeds[name] = new Tensor('bool', [step > 0], [1]);
    }
    const out = await decoder.run(feeds);
    const next = argmaxLast(out.logits!);
    if (withPast) {
      past = {};
      for (const [name, value] of Object.entries(out))
        if (name.startsWith('present.')) past[name.replace(/^present\./, 'past_key_values.')] = value;
    }
    if (s.eosIds.includes(next)) break;
    generated.push(next);
    ids.push(next);
  }
  return generated;
}

/** The id with the highest logit at the last position of logits [1, n, vocab]. */
function argmaxLast(logits: Ort.Tensor): number {
  const vocab = logits.dims[2]!;
  const data = logits.data as Float32Array;
  const offset = data.length - vocab;
  let best = 0;
  for (let i = 1; i < vocab; i++) if (data[offset + i]! > data[offset + best]!) best = i;
  return best;
}
