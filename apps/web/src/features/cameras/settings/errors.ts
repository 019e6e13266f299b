import { ApiError } from '../../../api/client';

/**
 * A failed save's problems by the field they name ("zones.1.name", "masks.0"), for the screen to show each next
 * to its field; `message` is the sentence for the form (what names no field, or the call's own failure).
 */
export interface SaveProblems {
  fields: Record<string, string>;
  message: string | null;
}

export function saveProblems(error: unknown): SaveProblems {
  if (error instanceof ApiError && error.fields.length > 0) {
    const fields: Record<string, string> = {};
    for (const { field, message } of error.fields) fields[field] = message;
    return { fields, message: error.message };
  }
  return { fields: {}, message: error instanceof Error ? error.message : 'Saving failed.' };
}

/** The problem of a field or of anything inside it ("zones.0.alert" also shows "zones.0.alert.min_count"). */
export function problemOf(problems: SaveProblems | null, field: string): string | null {
  if (!problems) return null;
  const found = Object.entries(problems.fields).filter(
    ([name]) => name === field || name.startsWith(`${field}.`),
  );
  return found.length ? found.map(([, message]) => message).join(' ') : null;
}

/** The problems whose field the screen shows nowhere (`placed`: the fields it shows, with what is inside them). */
export function unplacedProblems(problems: SaveProblems | null, placed: string[]): string | null {
  if (!problems) return null;
  const rest = Object.entries(problems.fields).filter(
    ([name]) => !placed.some((field) => name === field || name.startsWith(`${field}.`)),
  );
  if (rest.length === 0) return problems.message;
  return rest.map(([name, message]) => (name ? `${name}: ${message}` : message)).join(' ');
}
