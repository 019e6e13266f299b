import { useCallback, useState } from 'react';
import { requestBounds } from '../api/bounds';
import { ApiError } from '../api/client';
import { fieldProblem, type FieldBounds } from '../api/field-bounds';

type Operation = keyof typeof requestBounds;
type FieldOf<Op extends Operation> = keyof (typeof requestBounds)[Op] & string;

/**
 * A form's text values checked against the bounds the recorder enforces for `operation` (from its OpenAPI
 * document), with each problem kept at its field — the client's own check first, the server's 422 after it.
 */
export function useBoundedForm<Op extends Operation, Name extends FieldOf<Op>>(
  operation: Op,
  initial: Record<Name, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const boundsOf = useCallback(
    (name: Name): FieldBounds | undefined => (requestBounds[operation] as Record<string, FieldBounds>)[name],
    [operation],
  );

  /** Props for a TextField: value, change, the browser hints of the bounds, and the field's problem. */
  const field = (name: Name) => {
    const bounds = boundsOf(name);
    return {
      name,
      value: values[name],
      required: bounds?.required ?? false,
      error: errors[name] ?? null,
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      },
      onBlur: () => {
        const problem = bounds ? fieldProblem(bounds, values[name]) : null;
        setErrors((current) => ({ ...current, [name]: problem ?? undefined }));
      },
    };
  };

  /** Checks every field; true when the form may be sent. */
  const validate = (): boolean => {
    const found: Partial<Record<string, string>> = {};
    for (const name of Object.keys(values) as Name[]) {
      const bounds = boundsOf(name);
      const problem = bounds ? fieldProblem(bounds, values[name]) : null;
      if (problem) found[name] = problem;
    }
    setErrors(found);
    setFormError(Object.keys(found).length ? 'Some fields need attention.' : null);
    return Object.keys(found).length === 0;
  };

  /** Puts a failed call's field problems at their fields; anything else becomes the form's message. */
  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.fields.length) {
      const found: Partial<Record<string, string>> = {};
      const elsewhere: string[] = [];
      for (const { field, message } of error.fields) {
        // A problem inside a field's value (`webhook.headers.X-Key`, `to_numbers.2`) goes to that field.
        const owner =
          field in values ? field : Object.keys(values).find((name) => field.startsWith(`${name}.`));
        if (owner === field) found[field] = message;
        else if (owner) found[owner] = `${field.slice(owner.length + 1)}: ${message}`;
        else elsewhere.push(field ? `${field}: ${message}` : message);
      }
      setErrors(found);
      setFormError(elsewhere.length ? elsewhere.join(' ') : 'Some fields need attention.');
      return;
    }
    setFormError(error instanceof Error ? error.message : 'Saving failed.');
  };

  return { values, setValues, errors, formError, setFormError, field, validate, showError };
}
