import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { requestBounds } from '../../api/bounds';
import { ApiError } from '../../api/client';
import { fieldProblem, type FieldBounds } from '../../api/field-bounds';
import type { Camera, CameraCreate, CameraUpdate } from '../../api/types';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { useBoundedForm } from '../../lib/useBoundedForm';
import {
  AssignmentsEditor,
  assignmentsOf,
  checkRows,
  rowsOf,
  splitAssignmentErrors,
  type AssignmentErrors,
  type AssignmentRow,
} from './AssignmentsEditor';

/** The typed fields of CameraCreate/CameraUpdate (is_active and assignments have their own controls). */
type TypedField = Exclude<keyof typeof requestBounds.createCamera, 'is_active' | 'assignments'>;

/** A label for every field: a field the API adds without one here fails to compile. */
const LABELS: Record<TypedField, string> = {
  name: 'Name',
  location: 'Location',
  description: 'Description',
  ip_address: 'Address (IP or host name)',
  port: 'RTSP port',
  rtsp_url: 'Main stream URL',
  substream_url: 'Substream URL',
  onvif_xaddr: 'ONVIF device address (for PTZ)',
  username: 'Camera username',
  password: 'Camera password',
  manufacturer: 'Manufacturer',
  model: 'Model',
  firmware_version: 'Firmware version',
  serial_number: 'Serial number',
  hardware_id: 'Hardware id',
  display_aspect_ratio: 'Display aspect ratio',
  vlan: 'VLAN',
  status: 'Status note',
};
const FIELDS = Object.keys(LABELS) as TypedField[];

type Values = Record<TypedField, string>;

function initialValues(camera: Camera | null): Values {
  const values = {} as Values;
  for (const name of FIELDS) {
    // The password is write-only: the recorder never returns it, and the form never shows one.
    const stored = camera && name !== 'password' ? camera[name] : null;
    values[name] = stored === null || stored === undefined ? '' : String(stored);
  }
  return values;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Add or change a camera: every field of CameraCreate/CameraUpdate, checked against the limits the recorder
 * enforces (from its OpenAPI document) and, after sending, the recorder's own 422 at the same field.
 * `camera` null: a new camera (empty fields are left out); otherwise only the changed fields are sent.
 */
export function CameraForm({
  camera,
  submitLabel,
  cancelTo,
  onSubmit,
}: {
  camera: Camera | null;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (body: CameraCreate | CameraUpdate) => Promise<unknown>;
}) {
  const operation = camera ? 'updateCamera' : 'createCamera';
  // Frozen at opening: a refetch of the camera while editing must not change what counts as "changed".
  const [initial] = useState(() => initialValues(camera));
  const form = useBoundedForm(operation, initial);
  const [active, setActive] = useState(camera?.is_active ?? true);
  const [clearPassword, setClearPassword] = useState(false);
  const [initialRows] = useState(() => rowsOf(camera?.assignments));
  const [rows, setRows] = useState<AssignmentRow[]>(initialRows);
  const [rowErrors, setRowErrors] = useState<AssignmentErrors>({});
  const [listError, setListError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const boundsOf = (name: TypedField) =>
    (requestBounds[operation] as Record<string, FieldBounds>)[name] as FieldBounds;

  /** Every field against its bounds; on edit a field that cannot be cleared (not nullable) may not be emptied. */
  const problems = () =>
    FIELDS.flatMap((name) => {
      const bounds = boundsOf(name);
      const value = form.values[name];
      const cannotClear = camera && value === '' && initial[name] !== '' && !bounds.nullable;
      const problem = cannotClear ? 'Required.' : fieldProblem(bounds, value);
      return problem ? [{ field: name, message: problem }] : [];
    });

  const body = (): CameraCreate | CameraUpdate => {
    const out: Record<string, unknown> = {};
    for (const name of FIELDS) {
      const value = form.values[name];
      if (name === 'password') continue;
      if (!camera) {
        if (value !== '') out[name] = name === 'port' ? Number(value) : value;
      } else if (value !== initial[name]) {
        // Emptied: null clears a nullable field (an emptied port keeps the stored one).
        out[name] = value === '' ? null : name === 'port' ? Number(value) : value;
      }
    }
    // Write-only: empty keeps what is stored (edit) or sets none (create); "remove" sends null.
    if (clearPassword) out.password = null;
    else if (form.values.password !== '') out.password = form.values.password;
    if (!camera || active !== camera.is_active) out.is_active = active;
    const assignments = assignmentsOf(rows);
    if (!camera ? assignments.length > 0 : JSON.stringify(rows) !== JSON.stringify(initialRows))
      out.assignments = assignments;
    return out;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems();
    const foundRows = checkRows(rows);
    setRowErrors(foundRows);
    setListError(null);
    if (found.length) {
      form.showError(new ApiError(422, 'Some fields need attention.', found));
      return;
    }
    form.validate(); // nothing found: clears the problems shown before
    if (Object.keys(foundRows).length) {
      form.setFormError('Some fields need attention.');
      return;
    }
    setSaving(true);
    try {
      await onSubmit(body());
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        const split = splitAssignmentErrors(error.fields);
        setRowErrors(split.rows);
        setListError(split.list);
        form.showError(new ApiError(error.status, error.message, split.rest));
        if (!split.rest.length) form.setFormError('Some fields need attention.');
      } else {
        form.showError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const text = (name: TypedField, extra: Record<string, unknown> = {}) => (
    <TextField label={LABELS[name]} {...form.field(name)} {...extra} />
  );
  const passwordLabel = !camera
    ? `${LABELS.password} (optional; never shown again)`
    : camera.password_set
      ? `${LABELS.password} (a password is stored: leave empty to keep it)`
      : `${LABELS.password} (none stored: leave empty for none)`;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Group legend="Basics">
        {text('name', { autoComplete: 'off' })}
        {text('location')}
        <TextAreaField label={LABELS.description} {...form.field('description')} />
        <CheckboxField
          name="is_active"
          label="Active"
          hint="An inactive (paused) camera is not recorded or streamed; its settings and recordings stay."
          checked={active}
          onChange={setActive}
        />
      </Group>
      <Group legend="Stream URLs and credentials">
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          {text('ip_address', { autoComplete: 'off', spellCheck: false })}
          {text('port', { inputMode: 'numeric', placeholder: camera ? undefined : 'RTSP default' })}
        </div>
        {text('rtsp_url', { type: 'url', spellCheck: false, placeholder: 'rtsp://camera.local:554/stream1' })}
        {text('substream_url', { type: 'url', spellCheck: false })}
        {text('onvif_xaddr', {
          type: 'url',
          spellCheck: false,
          placeholder: 'http://camera.local/onvif/device_service',
        })}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Credentials written into a URL are moved into the fields below (fields you fill in win).
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('username', { autoComplete: 'off', spellCheck: false })}
          <TextField
            {...form.field('password')}
            label={passwordLabel}
            type="password"
            autoComplete="new-password"
            disabled={clearPassword}
          />
        </div>
        {camera?.password_set && (
          <CheckboxField
            name="clear_password"
            label="Remove the stored password"
            checked={clearPassword}
            onChange={setClearPassword}
          />
        )}
      </Group>
      <Group legend="Details">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('manufacturer')}
          {text('model')}
          {text('firmware_version')}
          {text('serial_number')}
          {text('hardware_id')}
          {text('display_aspect_ratio', { placeholder: 'e.g. 16:9' })}
          {text('vlan')}
          {text('status')}
        </div>
      </Group>
      <Group legend="Skills">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          What the AI looks for on this camera; labels narrow a skill down (empty: everything it finds).
        </p>
        <AssignmentsEditor rows={rows} onChange={setRows} errors={rowErrors} listError={listError} />
      </Group>
      <FormError message={form.formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
        <Link
          to={cancelTo}
          className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
