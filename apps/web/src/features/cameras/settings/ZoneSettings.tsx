// A camera's zones: named polygons over its picture (PolygonEditor), the objects each watches and its alert rule,
// edited in a form and saved whole (the recorder replaces the camera's zones at once). An object is in a zone when
// the bottom centre of its box is inside.
import { useState, type FormEvent } from 'react';
import type { Camera } from '../../../api/types';
import { Button } from '../../../components/Button';
import { CheckboxField } from '../../../components/CheckboxField';
import { ErrorState } from '../../../components/ErrorState';
import { FormError } from '../../../components/FormError';
import { SelectField } from '../../../components/SelectField';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { CameraPicture } from './CameraPicture';
import { problemOf, saveProblems, unplacedProblems, type SaveProblems } from './errors';
import type { Polygon } from './geometry';
import { DrawControls, PointFields, PolygonEditor } from './PolygonEditor';
import { useSaveZones, useZones, type Zone, type ZoneInput } from './queries';

/** As many as the recorder keeps (zones.schemas.ts MAX_ZONES). */
const MAX_ZONES = 16;
type Severity = NonNullable<Zone['alert']>['severity'];
const SEVERITIES: { value: Severity; label: string }[] = [
  { value: 'info', label: 'Info' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
];
/**
 * A new rule's fields: the recorder's defaults (one alert per object on entry, a minute apart at most), except
 * the severity, which starts at high — the level the default notification action sends from — so a rule made
 * here reaches its owner (the API's own default stays the spec's medium).
 */
const RULE_DEFAULTS = { minCount: '1', minDwell: '0', cooldown: '60', severity: 'high' as Severity };

interface ZoneDraft {
  name: string;
  /** comma-separated */
  labels: string;
  points: Polygon;
  alert: boolean;
  alertLabels: string;
  minCount: string;
  minDwell: string;
  cooldown: string;
  severity: Severity;
}

function draftOf(zone: Zone): ZoneDraft {
  return {
    name: zone.name,
    labels: zone.labels.join(', '),
    points: zone.polygon as Polygon,
    alert: zone.alert !== null,
    alertLabels: zone.alert?.labels.join(', ') ?? '',
    minCount: String(zone.alert?.min_count ?? RULE_DEFAULTS.minCount),
    minDwell: String(zone.alert?.min_dwell_seconds ?? RULE_DEFAULTS.minDwell),
    cooldown: String(zone.alert?.cooldown_seconds ?? RULE_DEFAULTS.cooldown),
    severity: zone.alert?.severity ?? RULE_DEFAULTS.severity,
  };
}

const labelList = (text: string) =>
  text
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

/** The client's own checks (a name, numbers where numbers go), by field as the recorder would name them. */
function draftProblems(drafts: ZoneDraft[]): Record<string, string> {
  const problems: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    if (!draft.name.trim()) problems[`zones.${index}.name`] = 'A zone needs a name.';
    if (!draft.alert) return;
    const numbers = [
      ['min_count', draft.minCount],
      ['min_dwell_seconds', draft.minDwell],
      ['cooldown_seconds', draft.cooldown],
    ] as const;
    for (const [field, text] of numbers)
      if (text.trim() === '' || !Number.isFinite(Number(text)))
        problems[`zones.${index}.alert.${field}`] = 'A number is needed.';
  });
  return problems;
}

function inputOf(draft: ZoneDraft): ZoneInput {
  return {
    name: draft.name.trim(),
    polygon: draft.points,
    labels: labelList(draft.labels),
    alert: draft.alert
      ? {
          labels: labelList(draft.alertLabels),
          min_count: Number(draft.minCount),
          min_dwell_seconds: Number(draft.minDwell),
          cooldown_seconds: Number(draft.cooldown),
          severity: draft.severity,
        }
      : null,
  };
}

function newName(drafts: ZoneDraft[]): string {
  const taken = new Set(drafts.map((draft) => draft.name.trim().toLowerCase()));
  let n = drafts.length + 1;
  while (taken.has(`zone ${n}`)) n += 1;
  return `Zone ${n}`;
}

function ZoneFields({
  draft,
  index,
  readOnly,
  problems,
  onChange,
}: {
  draft: ZoneDraft;
  index: number;
  readOnly: boolean;
  problems: SaveProblems | null;
  onChange: (patch: Partial<ZoneDraft>) => void;
}) {
  const at = (field: string) => problemOf(problems, `zones.${index}.${field}`);
  const title = draft.name.trim() || `Zone ${index + 1}`;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          readOnly={readOnly}
          maxLength={64}
          error={at('name')}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <TextField
          label="Objects it watches (comma-separated; empty: all)"
          value={draft.labels}
          readOnly={readOnly}
          placeholder="person, car"
          error={at('labels')}
          onChange={(event) => onChange({ labels: event.target.value })}
        />
      </div>
      {at('polygon') && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {at('polygon')}
        </p>
      )}
      <CheckboxField
        name={`zone-${index}-alert`}
        label={`Alert for ${title}`}
        hint="Raise an alert when objects stay in the zone as the rule says."
        checked={draft.alert}
        disabled={readOnly}
        onChange={(alert) => onChange({ alert })}
      />
      {draft.alert && (
        <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium">Alert rule of {title}</legend>
          <TextField
            label="Objects that count (comma-separated; empty: the zone's)"
            value={draft.alertLabels}
            readOnly={readOnly}
            error={at('alert.labels')}
            onChange={(event) => onChange({ alertLabels: event.target.value })}
          />
          <TextField
            label="How many at once"
            type="number"
            min={1}
            max={1000}
            step={1}
            value={draft.minCount}
            readOnly={readOnly}
            error={at('alert.min_count')}
            onChange={(event) => onChange({ minCount: event.target.value })}
          />
          <TextField
            label="Staying at least (seconds; 0: on entry)"
            type="number"
            min={0}
            max={86400}
            step={1}
            value={draft.minDwell}
            readOnly={readOnly}
            error={at('alert.min_dwell_seconds')}
            onChange={(event) => onChange({ minDwell: event.target.value })}
          />
          <TextField
            label="Quiet time after an alert (seconds)"
            type="number"
            min={0}
            max={604800}
            step={1}
            value={draft.cooldown}
            readOnly={readOnly}
            error={at('alert.cooldown_seconds')}
            onChange={(event) => onChange({ cooldown: event.target.value })}
          />
          <SelectField
            label="Severity"
            options={SEVERITIES}
            value={draft.severity}
            disabled={readOnly}
            error={at('alert.severity')}
            onChange={(event) => onChange({ severity: event.target.value as Severity })}
          />
        </fieldset>
      )}
      <details>
        <summary className="cursor-pointer text-sm">Points as numbers</summary>
        <div className="pt-2">
          <PointFields
            title={title}
            points={draft.points}
            readOnly={readOnly}
            onChange={(points) => onChange({ points })}
          />
        </div>
      </details>
    </div>
  );
}

function ZonesForm({ camera, zones, readOnly }: { camera: Camera; zones: Zone[]; readOnly: boolean }) {
  const [drafts, setDrafts] = useState(() => zones.map(draftOf));
  const [selected, setSelected] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<Polygon | null>(null);
  const [problems, setProblems] = useState<SaveProblems | null>(null);
  const save = useSaveZones(camera.id);
  const toast = useToast();

  const change = (index: number, patch: Partial<ZoneDraft>) =>
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const add = (points: Polygon) => {
    setDrafts((current) => [
      ...current,
      {
        name: newName(current),
        labels: '',
        points,
        alert: false,
        alertLabels: '',
        ...RULE_DEFAULTS,
      },
    ]);
    setSelected(drafts.length);
  };
  const remove = (index: number) => {
    setDrafts((current) => current.filter((_, i) => i !== index));
    setSelected(null);
    setProblems(null);
  };
  const cancel = () => {
    setDrafts(zones.map(draftOf));
    setSelected(null);
    setDrawing(null);
    setProblems(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(drafts);
    if (Object.keys(found).length > 0) {
      setProblems({ fields: found, message: 'Some fields need attention.' });
      return;
    }
    setProblems(null);
    try {
      await save.mutateAsync(drafts.map(inputOf));
      setDrawing(null);
      toast({ title: 'Zones saved' });
    } catch (error) {
      setProblems(saveProblems(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <h2 className="text-base font-semibold">Zones</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Areas of the picture that events and alerts name. An object is in a zone when the bottom centre of its
        box — where it stands — is inside.
      </p>
      <CameraPicture cameraId={camera.id} label={`The picture of ${camera.name}`}>
        <PolygonEditor
          shapes={drafts.map((draft) => ({ name: draft.name, points: draft.points }))}
          selected={selected}
          onSelect={setSelected}
          onChange={(index, points) => change(index, { points })}
          onAdd={add}
          readOnly={readOnly}
          noun="zone"
          tone="zone"
          drawing={drawing}
          onDrawing={setDrawing}
        />
      </CameraPicture>
      {!readOnly && (
        <DrawControls
          noun="zone"
          drawing={drawing}
          canAdd={drafts.length < MAX_ZONES}
          onDrawing={setDrawing}
          onStart={() => setSelected(null)}
          onAdd={add}
        />
      )}
      {drafts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No zones yet.</p>
      ) : (
        <ul aria-label="Zones" className="space-y-3">
          {drafts.map((draft, index) => (
            <li
              key={index}
              aria-label={draft.name.trim() || `Zone ${index + 1}`}
              className={`space-y-3 rounded-md border p-3 ${index === selected ? 'border-yellow-500' : 'border-slate-200 dark:border-slate-800'}`}
              onFocus={() => setSelected(index)}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="min-w-0 truncate text-sm font-semibold">
                  {draft.name.trim() || `Zone ${index + 1}`}
                </h3>
                {!readOnly && (
                  <Button tone="quiet" className="ml-auto" onClick={() => remove(index)}>
                    Delete zone {draft.name.trim() || index + 1}
                  </Button>
                )}
              </div>
              <ZoneFields
                draft={draft}
                index={index}
                readOnly={readOnly}
                problems={problems}
                onChange={(patch) => change(index, patch)}
              />
            </li>
          ))}
        </ul>
      )}
      <FormError
        message={unplacedProblems(
          problems,
          drafts.map((_, index) => `zones.${index}`),
        )}
      />
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" tone="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save zones'}
          </Button>
          <Button onClick={cancel} disabled={save.isPending}>
            Cancel changes
          </Button>
        </div>
      )}
    </form>
  );
}

export function ZoneSettings({ camera, readOnly }: { camera: Camera; readOnly: boolean }) {
  const zones = useZones(camera.id);
  if (zones.isPending) return <Spinner label="Loading the zones…" />;
  if (zones.isError) return <ErrorState message={zones.error.message} onRetry={() => void zones.refetch()} />;
  return (
    <ZonesForm
      key={zones.data.updated_at ?? 'none'}
      camera={camera}
      zones={zones.data.zones}
      readOnly={readOnly}
    />
  );
}
