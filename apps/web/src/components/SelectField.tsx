import { useId, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled drop-down. `hint` says what the choice does; `error` (the recorder's words for this field) is shown
 * under it and announced. Pairs with useBoundedForm's `field(name)` like TextField.
 */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...select
}: {
  label: string;
  hint?: string | null;
  error?: string | null;
  options: readonly SelectOption[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  // The label is tied by id, not wrapped around the select: wrapped, the options' text and the hint would
  // become part of the select's accessible name.
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        {...select}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
