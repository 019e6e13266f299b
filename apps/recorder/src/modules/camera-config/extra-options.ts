// `extra_options`: a JSON object of extra ffmpeg input options, limited to an allow-list of options that
// tune how a network stream is read. Anything else (output options, filters, file paths) is refused.
import { FieldValidationError } from '../../platform/http/errors.js';

export const ALLOWED_INPUT_OPTIONS = [
  'analyzeduration',
  'probesize',
  'fflags',
  'flags',
  'max_delay',
  'reorder_queue_size',
  'buffer_size',
  'rw_timeout',
  'timeout',
  'listen_timeout',
  'thread_queue_size',
  'use_wallclock_as_timestamps',
  'allowed_media_types',
  'rtsp_flags',
  'user_agent',
] as const;

const SAFE_VALUE = /^[\x20-\x7e]{1,200}$/;

export function parseExtraOptions(text: string, field = 'extra_options'): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FieldValidationError(['body', field], 'Input should be a JSON object');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FieldValidationError(['body', field], 'Input should be a JSON object');
  }
  const options: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(ALLOWED_INPUT_OPTIONS as readonly string[]).includes(key)) {
      throw new FieldValidationError(
        ['body', field, key],
        `Option '${key}' is not allowed; allowed: ${ALLOWED_INPUT_OPTIONS.join(', ')}`,
      );
    }
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    if (typeof text !== 'string' || !SAFE_VALUE.test(text)) {
      throw new FieldValidationError(
        ['body', field, key],
        'Value should be printable text of 1 to 200 characters',
      );
    }
    options[key] = text;
  }
  return options;
}
