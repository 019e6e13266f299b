/** A labelled checkbox for an on/off setting, with an optional sentence saying what "on" does. */
export function CheckboxField({
  name,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string | null;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        id={`${name}-checkbox`}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-4 accent-sky-700"
      />
      <div>
        <label htmlFor={`${name}-checkbox`} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
