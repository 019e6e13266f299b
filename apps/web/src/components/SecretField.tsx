import type { ComponentProps } from 'react';
import { Button } from './Button';
import { TextField } from './TextField';

/**
 * A write-only secret (API.md §1, Secrets): the stored value is never shown, only "set"/"not set"; blank keeps
 * it, a typed value replaces it, "Remove" clears it. `field` is useBoundedForm's `field(name)`.
 */
export function SecretField({
  label,
  isSet,
  cleared,
  onClear,
  field,
}: {
  label: string;
  isSet: boolean;
  cleared: boolean;
  onClear: (cleared: boolean) => void;
  field: Omit<ComponentProps<typeof TextField>, 'label'>;
}) {
  const status = cleared ? 'will be removed when you save' : isSet ? 'set' : 'not set';
  return (
    <div className="space-y-1">
      <TextField
        label={`${label} (${status})`}
        type="password"
        autoComplete="new-password"
        placeholder={isSet && !cleared ? 'Leave blank to keep it; type to replace it' : ''}
        disabled={cleared}
        {...field}
      />
      {isSet && (
        <Button tone="quiet" onClick={() => onClear(!cleared)}>
          {cleared ? `Keep the ${label.toLowerCase()}` : `Remove the ${label.toLowerCase()}`}
        </Button>
      )}
    </div>
  );
}
