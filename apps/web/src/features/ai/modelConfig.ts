// A model's `config` (a JSON text the recorder parses: API.md §8, `parseModelConfig`) as form fields and back:
// when a live model runs (`trigger`), where it looks (`look_at`: the whole picture or crops around what moves),
// its alert rule (`alert`) and the adapter's own parameters (`params`, free
// JSON, the one part left as text because each adapter has its own). The defaults are the recorder's, so a field
// left as it came adds nothing to the stored text.

/** The form's view of a config; numbers kept as typed text so a half-typed value is not lost. */
export interface ConfigFields {
  trigger: 'on_motion' | 'always';
  /** a model that runs on motion may look at crops around what moves instead of the whole picture */
  lookAt: 'picture' | 'motion';
  alertOn: boolean;
  /** comma-separated; empty: any label */
  labels: string;
  minCount: string;
  /** percent, 0–100 */
  minConfidence: string;
  severity: string;
  cooldownSeconds: string;
  /** JSON object text, or empty */
  params: string;
}

/** The recorder's defaults for a rule (ai-models.schemas.ts). */
export const RULE_DEFAULTS = { minCount: 1, minConfidence: 0.5, severity: 'medium', cooldownSeconds: 60 };
/**
 * A rule made in the form starts at high, the level the default notification action sends from, so a fresh
 * install's first person alert reaches its owner (a stored rule without a severity is still the recorder's medium).
 */
export const NEW_RULE_SEVERITY = 'high';

export const EMPTY_CONFIG: ConfigFields = {
  trigger: 'on_motion',
  lookAt: 'picture',
  alertOn: false,
  labels: '',
  minCount: String(RULE_DEFAULTS.minCount),
  minConfidence: String(RULE_DEFAULTS.minConfidence * 100),
  severity: NEW_RULE_SEVERITY,
  cooldownSeconds: String(RULE_DEFAULTS.cooldownSeconds),
  params: '',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A stored config as fields (a stored config always parses: the recorder refuses any other). */
export function configToFields(text: string | null | undefined): ConfigFields {
  if (!text || text.trim() === '') return EMPTY_CONFIG;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ...EMPTY_CONFIG, params: text };
  }
  if (!isObject(value)) return EMPTY_CONFIG;
  const alert = isObject(value.alert) ? value.alert : null;
  const number = (raw: unknown, fallback: number) => String(typeof raw === 'number' ? raw : fallback);
  return {
    trigger: value.trigger === 'always' ? 'always' : 'on_motion',
    lookAt: value.look_at === 'motion' ? 'motion' : 'picture',
    alertOn: alert !== null,
    labels: Array.isArray(alert?.labels) ? alert.labels.join(', ') : '',
    minCount: number(alert?.min_count, RULE_DEFAULTS.minCount),
    minConfidence: String(
      Math.round(
        (typeof alert?.min_confidence === 'number' ? alert.min_confidence : RULE_DEFAULTS.minConfidence) *
          100,
      ),
    ),
    severity:
      alert === null
        ? NEW_RULE_SEVERITY
        : typeof alert.severity === 'string'
          ? alert.severity
          : RULE_DEFAULTS.severity,
    cooldownSeconds: number(alert?.cooldown_seconds, RULE_DEFAULTS.cooldownSeconds),
    params:
      isObject(value.params) && Object.keys(value.params).length > 0
        ? JSON.stringify(value.params, null, 2)
        : '',
  };
}

export type ConfigProblems = Partial<Record<keyof ConfigFields, string>>;

const integerIn = (text: string, min: number, max: number) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/**
 * The config text for the recorder (null when there is nothing to say), or the problems at their fields. The
 * same limits as the recorder's, so what passes here is not refused there.
 */
export function fieldsToConfig(
  fields: ConfigFields,
  live: boolean,
): { config: string | null } | { problems: ConfigProblems } {
  const problems: ConfigProblems = {};
  const config: Json = {};
  if (fields.params.trim() !== '') {
    try {
      const params: unknown = JSON.parse(fields.params);
      if (isObject(params)) config.params = params;
      else problems.params = 'Write a JSON object, like {"min_confidence": 0.4}.';
    } catch {
      problems.params = 'This is not valid JSON.';
    }
  }
  if (fields.alertOn) {
    const labels = fields.labels
      .split(',')
      .map((label) => label.trim())
      .filter((label) => label !== '');
    if (labels.length > 100) problems.labels = 'At most 100 labels.';
    else if (labels.some((label) => label.length > 100))
      problems.labels = 'A label has at most 100 characters.';
    const minCount = integerIn(fields.minCount, 1, 10_000);
    if (minCount === null) problems.minCount = 'A whole number from 1 to 10000.';
    const percent = Number(fields.minConfidence);
    if (fields.minConfidence.trim() === '' || !(percent >= 0 && percent <= 100))
      problems.minConfidence = 'A percentage from 0 to 100.';
    const cooldown = integerIn(fields.cooldownSeconds, 0, 7 * 86_400);
    if (cooldown === null) problems.cooldownSeconds = 'Whole seconds from 0 to 604800 (a week).';
    config.alert = {
      ...(labels.length > 0 ? { labels } : {}),
      min_count: minCount,
      min_confidence: Math.round(percent * 10) / 1000,
      severity: fields.severity,
      cooldown_seconds: cooldown,
    };
  }
  if (live && fields.trigger === 'always') config.trigger = 'always';
  if (live && fields.trigger === 'on_motion' && fields.lookAt === 'motion') config.look_at = 'motion';
  if (Object.keys(problems).length > 0) return { problems };
  return { config: Object.keys(config).length === 0 ? null : JSON.stringify(config) };
}
