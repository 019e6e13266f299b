import { useId, type TextareaHTMLAttributes } from 'react';

/** A labelled multi-line text input for longer texts; `error` is shown under it and announced, like TextField. */
export function TextAreaField({
  label,
  error,
  ...textarea
}: { label: string; error?: string | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  // Tied by id rather than wrapped, so the error is the textarea's description, not part of its name.
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        rows={3}
        {...textarea}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-slate-700"
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
