import type { InputHTMLAttributes } from 'react';

/** A labelled text input; `error` (the recorder's words for this field) is shown under it and announced. */
export function TextField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = input.name ? `${input.name}-error` : undefined;
  return (
    <label className="block space-y-1">
      <span className="text-sm font-medium">{label}</span>
      <input
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-slate-700"
      />
      {error && (
        <span id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </label>
  );
}
