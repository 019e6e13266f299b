import { useId, type InputHTMLAttributes } from 'react';

/** A labelled text input; `error` (the recorder's words for this field) is shown under it and announced. */
export function TextField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    // The label names the input by id, not by wrapping it: a wrapped control's value would join its name.
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-slate-700"
      />
      {error && (
        <span id={errorId} className="block text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}
