// A cloud model's `config` (SEED.md: a string holding JSON). It must be a JSON object whose keys the recorder
// knows for the model's provider, so that no setting is accepted and then ignored.
import { FieldValidationError } from '../../../platform/http/errors.js';
import { jsonDepthExceeds, tooDeepMessage } from '../../../platform/http/json-body.js';
import type { Provider } from '../credentials/cloud-credentials.schemas.js';

export interface ModelConfig {
  /** defaults for the request's `parameters` (the request wins key by key) */
  parameters?: Record<string, unknown>;
  /** huggingface: the Inference API's `options` (e.g. wait_for_model, use_cache) */
  options?: Record<string, unknown>;
  /** openai: a system message put before the user's */
  system_prompt?: string;
  /** openai */
  max_tokens?: number;
  /** openai, 0..2 */
  temperature?: number;
}

const KEYS: Record<Provider, readonly string[]> = {
  huggingface: ['parameters', 'options'],
  openai: ['parameters', 'system_prompt', 'max_tokens', 'temperature'],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks `config`; 422 on `loc` for anything wrong. */
export function parseModelConfig(
  provider: Provider,
  text: string | null | undefined,
  loc: (string | number)[] = ['body', 'config'],
): ModelConfig {
  if (text === null || text === undefined || text.trim() === '') return {};
  // parameters and options go to the provider through JSON.stringify, which overflows thousands deep
  if (jsonDepthExceeds(text)) throw new FieldValidationError(loc, tooDeepMessage(), 'json_invalid');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FieldValidationError(loc, 'config must be valid JSON', 'json_invalid');
  }
  if (!isObject(value)) throw new FieldValidationError(loc, 'config must be a JSON object', 'object_type');
  for (const key of Object.keys(value)) {
    if (!KEYS[provider].includes(key)) {
      throw new FieldValidationError(
        [...loc, key],
        `Unknown config key for ${provider} (allowed: ${KEYS[provider].join(', ')})`,
        'extra_forbidden',
      );
    }
  }
  const config = value as ModelConfig;
  if (config.parameters !== undefined && !isObject(config.parameters))
    throw new FieldValidationError([...loc, 'parameters'], 'parameters must be an object', 'object_type');
  if (config.options !== undefined && !isObject(config.options))
    throw new FieldValidationError([...loc, 'options'], 'options must be an object', 'object_type');
  if (
    config.system_prompt !== undefined &&
    (typeof config.system_prompt !== 'string' || config.system_prompt.length > 20_000)
  )
    throw new FieldValidationError(
      [...loc, 'system_prompt'],
      'system_prompt must be a string of at most 20000 characters',
    );
  if (
    config.max_tokens !== undefined &&
    (!Number.isInteger(config.max_tokens) || config.max_tokens < 1 || config.max_tokens > 1_000_000)
  )
    throw new FieldValidationError([...loc, 'max_tokens'], 'max_tokens must be an integer from 1 to 1000000');
  if (
    config.temperature !== undefined &&
    (typeof config.temperature !== 'number' || config.temperature < 0 || config.temperature > 2)
  )
    throw new FieldValidationError([...loc, 'temperature'], 'temperature must be a number from 0 to 2');
  return config;
}
