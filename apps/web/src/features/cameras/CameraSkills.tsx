import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import type { Camera } from '../../api/types';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import {
  AssignmentsEditor,
  assignmentsOf,
  checkRows,
  rowsOf,
  splitAssignmentErrors,
  type AssignmentErrors,
} from './AssignmentsEditor';
import { useDeclareSkill, useSkills, useUndeclareSkill, useUpdateCamera } from './queries';

const CARD =
  'space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** The camera's skills and labels as one list (PATCH assignments replaces the whole list). */
function AssignmentsForm({ camera }: { camera: Camera }) {
  const [rows, setRows] = useState(() => rowsOf(camera.assignments));
  const [errors, setErrors] = useState<AssignmentErrors>({});
  const [listError, setListError] = useState<string | null>(null);
  const update = useUpdateCamera(camera.id);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkRows(rows);
    setErrors(found);
    setListError(null);
    if (Object.keys(found).length) return;
    try {
      await update.mutateAsync({ assignments: assignmentsOf(rows) });
      toast({ title: 'Skills saved' });
    } catch (error) {
      const split = splitAssignmentErrors(error instanceof ApiError ? error.fields : []);
      setErrors(split.rows);
      setListError(
        split.list ??
          (Object.keys(split.rows).length ? null : error instanceof Error ? error.message : 'Saving failed.'),
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="assignments-title"
      className={CARD}
    >
      <h2 id="assignments-title" className="text-base font-semibold">
        Skills and labels
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Labels narrow a skill down (e.g. only “person” and “car”); empty means everything it finds.
      </p>
      <AssignmentsEditor rows={rows} onChange={setRows} errors={errors} listError={listError} />
      <Button type="submit" tone="primary" disabled={update.isPending}>
        Save skills
      </Button>
    </form>
  );
}

/** A consumer (an app, adapter or rule) says it uses a skill on this camera; the skill is assigned if it was not. */
function DeclareForm({ camera }: { camera: Camera }) {
  const form = useBoundedForm('declareSkill', { consumer: '' });
  const [skill, setSkill] = useState('');
  const [skillError, setSkillError] = useState<string | null>(null);
  const declare = useDeclareSkill(camera.id);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    setSkillError(skill.trim() ? null : 'Required.');
    if (!valid || !skill.trim()) return;
    try {
      await declare.mutateAsync({ skill: skill.trim(), consumer: form.values.consumer });
      toast({ title: `${form.values.consumer} now uses ${skill.trim()}` });
      setSkill('');
      form.setValues({ consumer: '' });
    } catch (error) {
      // The skill is a path parameter: the recorder names it "skill_id".
      const fields = error instanceof ApiError ? error.fields : [];
      setSkillError(fields.find((problem) => problem.field === 'skill_id')?.message ?? null);
      const rest = fields.filter((problem) => problem.field !== 'skill_id');
      form.showError(error instanceof ApiError ? new ApiError(error.status, error.message, rest) : error);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="declare-title"
      className={CARD}
    >
      <h2 id="declare-title" className="text-base font-semibold">
        Declare a skill use
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Skill"
          name="skill_id"
          value={skill}
          placeholder="e.g. person_detection"
          spellCheck={false}
          error={skillError}
          onChange={(event) => setSkill(event.target.value)}
        />
        <TextField label="Used by (app, adapter or rule name)" {...form.field('consumer')} />
      </div>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={declare.isPending}>
        Declare
      </Button>
    </form>
  );
}

/** Skills assigned to the camera, who uses each (declarations, removable), and the list editor. */
export function CameraSkills({ camera }: { camera: Camera }) {
  const skills = useSkills();
  const undeclare = useUndeclareSkill(camera.id);
  const toast = useToast();

  if (skills.isPending) return <Spinner label="Loading skills…" />;
  if (skills.isError)
    return <ErrorState message={skills.error.message} onRetry={() => void skills.refetch()} />;

  const here = (camera.assignments ?? []).map((assignment) => ({
    ...assignment,
    consumers:
      skills.data.skills
        .find((entry) => entry.skill === assignment.skill)
        ?.cameras.find((entry) => entry.camera_id === camera.id)?.consumers ?? [],
  }));

  const remove = async (skill: string, consumer: string) => {
    try {
      await undeclare.mutateAsync({ skill, consumer });
      toast({ title: `${consumer} no longer uses ${skill}` });
    } catch (error) {
      toast({
        title: 'Removing the declaration failed',
        description: error instanceof Error ? error.message : undefined,
        tone: 'error',
      });
    }
  };

  return (
    <div className="space-y-4">
      <section aria-labelledby="skills-title" className={CARD}>
        <h2 id="skills-title" className="text-base font-semibold">
          In use on this camera
        </h2>
        {here.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No skills assigned yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {here.map((assignment) => (
              <li key={assignment.skill} className="py-2">
                <p className="font-medium">
                  {assignment.skill}
                  <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                    {assignment.labels?.length ? `labels: ${assignment.labels.join(', ')}` : 'all labels'}
                  </span>
                </p>
                {assignment.consumers.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">Not declared by any consumer.</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm">
                    {assignment.consumers.map((consumer) => (
                      <li key={consumer.consumer} className="flex flex-wrap items-center gap-2">
                        <span>Used by {consumer.consumer}</span>
                        <span className="text-slate-600 dark:text-slate-300">
                          since {new Date(consumer.declared_at).toLocaleString()}
                        </span>
                        <Button
                          tone="quiet"
                          aria-label={`Remove the declaration of ${assignment.skill} by ${consumer.consumer}`}
                          disabled={undeclare.isPending}
                          onClick={() => void remove(assignment.skill, consumer.consumer)}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AssignmentsForm key={JSON.stringify(camera.assignments)} camera={camera} />
      <DeclareForm camera={camera} />
    </div>
  );
}
