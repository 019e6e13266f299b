import { requestBounds } from '../../api/bounds';
import type { CameraAssignment } from '../../api/types';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';

/** One row as typed: the skill id and its labels as one comma-separated text. */
export interface AssignmentRow {
  skill: string;
  labels: string;
}

/** Problems of one row, by "skill" / "labels" (the client's or the recorder's 422 `assignments.<i>.<field>`). */
export type AssignmentErrors = Record<number, { skill?: string; labels?: string }>;

/** The API's limit on assignments per camera (the same for create and update). */
export const MAX_ASSIGNMENTS = requestBounds.updateCamera.assignments.maxItems;

export function rowsOf(assignments: readonly CameraAssignment[] | null | undefined): AssignmentRow[] {
  return (assignments ?? []).map((assignment) => ({
    skill: assignment.skill,
    labels: (assignment.labels ?? []).join(', '),
  }));
}

/** Rows → the API's list. Empty labels mean "no label filter" (null); the recorder trims and lower-cases. */
export function assignmentsOf(rows: readonly AssignmentRow[]): CameraAssignment[] {
  return rows.map((row) => {
    const labels = row.labels
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean);
    return { skill: row.skill.trim(), labels: labels.length ? labels : null };
  });
}

/** Rows that cannot be sent as they are (a row without a skill); the rest is the recorder's to check. */
export function checkRows(rows: readonly AssignmentRow[]): AssignmentErrors {
  const errors: AssignmentErrors = {};
  rows.forEach((row, index) => {
    if (!row.skill.trim()) errors[index] = { skill: 'Enter a skill, or remove this row.' };
  });
  return errors;
}

/**
 * Splits a 422's field problems into the assignment rows' (`assignments.3.labels.0` → row 3, labels) and the rest.
 */
export function splitAssignmentErrors(fields: readonly { field: string; message: string }[]): {
  rows: AssignmentErrors;
  list: string | null;
  rest: { field: string; message: string }[];
} {
  const rows: AssignmentErrors = {};
  let list: string | null = null;
  const rest: { field: string; message: string }[] = [];
  for (const problem of fields) {
    const match = /^assignments(?:\.(\d+)(?:\.(skill|labels))?)?/.exec(problem.field);
    if (!match) {
      rest.push(problem);
    } else if (match[1] === undefined) {
      list = problem.message;
    } else {
      const index = Number(match[1]);
      const part = match[2] === 'labels' ? 'labels' : 'skill';
      rows[index] = { ...rows[index], [part]: problem.message };
    }
  }
  return { rows, list, rest };
}

/**
 * The skills a camera is assigned (what the AI should look for on it) and their labels, edited as a list.
 * The number of rows stops at the API's limit.
 */
export function AssignmentsEditor({
  rows,
  onChange,
  errors,
  listError,
}: {
  rows: AssignmentRow[];
  onChange: (rows: AssignmentRow[]) => void;
  errors: AssignmentErrors;
  listError?: string | null;
}) {
  const change = (index: number, part: keyof AssignmentRow, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [part]: value } : row)));
  return (
    <div className="space-y-3">
      {rows.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No skills assigned to this camera.</p>
      )}
      {rows.map((row, index) => (
        <div
          key={index}
          className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end dark:border-slate-800"
        >
          <TextField
            label={`Skill ${index + 1}`}
            name={`assignments.${index}.skill`}
            value={row.skill}
            placeholder="e.g. person_detection"
            error={errors[index]?.skill ?? null}
            onChange={(event) => change(index, 'skill', event.target.value)}
          />
          <TextField
            label={`Labels of skill ${index + 1} (comma-separated, optional)`}
            name={`assignments.${index}.labels`}
            value={row.labels}
            placeholder="e.g. person, car"
            error={errors[index]?.labels ?? null}
            onChange={(event) => change(index, 'labels', event.target.value)}
          />
          <Button
            tone="quiet"
            aria-label={`Remove skill ${index + 1}${row.skill ? ` (${row.skill})` : ''}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {listError && <p className="text-sm text-red-700 dark:text-red-300">{listError}</p>}
      <div className="flex items-center gap-3">
        <Button
          disabled={rows.length >= MAX_ASSIGNMENTS}
          onClick={() => onChange([...rows, { skill: '', labels: '' }])}
        >
          Add a skill
        </Button>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {rows.length} of at most {MAX_ASSIGNMENTS}
        </span>
      </div>
    </div>
  );
}
