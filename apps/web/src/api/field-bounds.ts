// The limits the recorder enforces on a request field (generated into bounds.ts from its OpenAPI document), and
// the client-side check of a value against them, so a form refuses what the server would refuse, in the same words.

export interface FieldBounds {
  readonly type?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly enum?: readonly (string | number | null)[];
  readonly maxItems?: number;
  readonly nullable?: boolean;
  /** a list's item bounds (lists of strings), checked one item at a time by listProblem */
  readonly items?: Omit<FieldBounds, 'required' | 'items'>;
  readonly required: boolean;
}

/** What is wrong with `value` for a field with these bounds, or null. Empty optional fields are fine. */
export function fieldProblem(bounds: FieldBounds, value: string): string | null {
  if (value === '') return bounds.required ? 'Required.' : null;
  if (bounds.type === 'integer' || bounds.type === 'number') {
    const number = Number(value);
    if (!Number.isFinite(number) || (bounds.type === 'integer' && !Number.isInteger(number))) {
      return bounds.type === 'integer' ? 'Enter a whole number.' : 'Enter a number.';
    }
    if (bounds.minimum !== undefined && number < bounds.minimum) return `At least ${bounds.minimum}.`;
    if (bounds.maximum !== undefined && number > bounds.maximum) return `At most ${bounds.maximum}.`;
    return null;
  }
  const length = [...value].length;
  if (bounds.minLength !== undefined && length < bounds.minLength) {
    return `At least ${bounds.minLength} character${bounds.minLength === 1 ? '' : 's'}.`;
  }
  if (bounds.maxLength !== undefined && length > bounds.maxLength) {
    return `At most ${bounds.maxLength} characters (this has ${length}).`;
  }
  if (bounds.pattern !== undefined && !new RegExp(bounds.pattern, 'u').test(value))
    return 'Not in the expected form.';
  if (bounds.enum && !bounds.enum.includes(value)) return `One of: ${bounds.enum.join(', ')}.`;
  return null;
}

/**
 * What is wrong with a list entered one item per line (e.g. phone numbers), or null: the number of items, then
 * each item against the list's item bounds, naming the line.
 */
export function listProblem(bounds: FieldBounds, lines: readonly string[]): string | null {
  if (lines.length === 0) return bounds.required ? 'Required.' : null;
  if (bounds.maxItems !== undefined && lines.length > bounds.maxItems)
    return `At most ${bounds.maxItems} entries.`;
  if (!bounds.items) return null;
  for (const [index, line] of lines.entries()) {
    const problem = fieldProblem({ ...bounds.items, required: true }, line);
    if (problem) return `Line ${index + 1} (${line}): ${problem}`;
  }
  return null;
}
