import { CheckboxField } from '../../components/CheckboxField';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { SEVERITIES } from '../alerts/SeverityBadge';
import type { ConfigFields, ConfigProblems } from './modelConfig';

const FIELDSET = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800';

/**
 * What a model's config says, as fields: when a live model runs, its alert rule, and the adapter's own
 * parameters (JSON, since each adapter has its own).
 */
export function ModelConfigFields({
  fields,
  problems,
  live,
  onChange,
}: {
  fields: ConfigFields;
  problems: ConfigProblems;
  live: boolean;
  onChange: (change: Partial<ConfigFields>) => void;
}) {
  const text = (name: keyof ConfigFields) => ({
    name,
    value: fields[name] as string,
    error: problems[name] ?? null,
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
  });
  return (
    <>
      {live && (
        <SelectField
          label="Runs"
          name="trigger"
          value={fields.trigger}
          onChange={(event) => onChange({ trigger: event.target.value as ConfigFields['trigger'] })}
          hint={
            fields.trigger === 'always'
              ? 'Analyses a picture every interval, whatever happens on the camera.'
              : 'Analyses pictures only while the camera sees motion: nothing is spent on a still scene.'
          }
          options={[
            { value: 'on_motion', label: 'While the camera sees motion' },
            { value: 'always', label: 'Always' },
          ]}
        />
      )}
      {live && fields.trigger === 'on_motion' && (
        <SelectField
          label="Looks at"
          name="look-at"
          value={fields.lookAt}
          onChange={(event) => onChange({ lookAt: event.target.value as ConfigFields['lookAt'] })}
          hint={
            fields.lookAt === 'motion'
              ? 'Crops around what moves, at the detector’s own size: finds smaller, farther people; costs a run per moving area, and sees nothing that stands still.'
              : 'The whole picture, scaled to the detector’s input.'
          }
          options={[
            { value: 'picture', label: 'The whole picture' },
            { value: 'motion', label: 'Where things move' },
          ]}
        />
      )}
      <fieldset className={FIELDSET}>
        <legend className="px-1 font-semibold">Alerts</legend>
        <CheckboxField
          name="alert-on"
          label="Raise alerts"
          hint="One alert per incident: while the incident it alerted for goes on, the rule stays quiet."
          checked={fields.alertOn}
          onChange={(alertOn) => onChange({ alertOn })}
        />
        {fields.alertOn && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Labels (comma-separated; empty: any)"
              placeholder="person, car"
              {...text('labels')}
            />
            <TextField
              label="At least this many at once"
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              {...text('minCount')}
            />
            <TextField
              label="Minimum confidence (%)"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              {...text('minConfidence')}
            />
            <SelectField
              label="Severity"
              hint="Notification actions send alerts from their own minimum severity up."
              options={SEVERITIES.map((severity) => ({ value: severity, label: severity }))}
              {...text('severity')}
            />
            <TextField
              label="Quiet time between alerts (seconds)"
              type="number"
              inputMode="numeric"
              min={0}
              max={604_800}
              {...text('cooldownSeconds')}
            />
          </div>
        )}
      </fieldset>
      <TextAreaField
        label="Adapter parameters (JSON, optional)"
        rows={3}
        placeholder={'{"min_confidence": 0.4}'}
        {...text('params')}
      />
    </>
  );
}
