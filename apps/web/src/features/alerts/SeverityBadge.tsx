import { requestBounds } from '../../api/bounds';
import type { Severity } from '../../api/types';
import { SelectField } from '../../components/SelectField';

/** The severities in order, `info` < … < `critical`, as the recorder's schema lists them. */
export const SEVERITIES = requestBounds.acknowledgeAlerts.severity.enum.filter(
  (value): value is Severity => typeof value === 'string',
);

const TONES: Record<Severity, string> = {
  info: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  low: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  high: 'bg-orange-200 text-orange-950 dark:bg-orange-800 dark:text-orange-50',
  critical: 'bg-red-700 text-white',
};

/** A severity in words (never colour alone), tinted by how bad it is. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${TONES[severity]}`}>
      {severity}
    </span>
  );
}

/** "Any severity" or one of them, for the filters of a list. */
export function SeverityFilterSelect({
  value,
  onChange,
}: {
  value: Severity | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      label="Severity"
      name="severity"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: 'Any severity' }, ...SEVERITIES.map((s) => ({ value: s, label: s }))]}
    />
  );
}
