// "Add to the face library" on a review item's page (superusers only). Review items keep the boxes of what was
// tracked, not faces of their own, so the person picks the box the face is in (a face box, or a person box:
// the recorder crops around it, a quarter of the box added each side) or the whole snapshot; the adapter then
// refuses a crop without exactly one face, saying so. Folded away until opened; the gallery is read only then.
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from 'react-router';
import { session } from '../../api/session';
import type { ReviewItem } from '../../api/types';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { describeFaceError, useAddFromReview, useGallery } from './queries';

/** Where a box is, in words, so it can be told apart from the others on the snapshot. */
function place(box: ReviewItem['boxes'][number]): string {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const across = cx < 1 / 3 ? 'left' : cx < 2 / 3 ? 'centre' : 'right';
  const down = cy < 1 / 3 ? 'top' : cy < 2 / 3 ? 'middle' : 'bottom';
  return `${down} ${across}`;
}

export function AddFaceFromReview({ item }: { item: ReviewItem }) {
  const signedIn = useSyncExternalStore(session.subscribe, session.snapshot);
  const [open, setOpen] = useState(false);
  if (signedIn.status !== 'signed-in' || !signedIn.isSuperuser || !item.has_snapshot) return null;
  return (
    <details
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">
        Add a face from this snapshot to the face library
      </summary>
      {open && <AddFaceForm item={item} />}
    </details>
  );
}

function AddFaceForm({ item }: { item: ReviewItem }) {
  const gallery = useGallery();
  const add = useAddFromReview();
  const groupId = useId();
  const [box, setBox] = useState<number | null>(item.boxes.length > 0 ? 0 : null);
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [name, setName] = useState('');
  const [personId, setPersonId] = useState('');
  const [force, setForce] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const persons = gallery.data?.persons ?? [];
  const chosenPerson = personId || persons[0]?.id || '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    if (target === 'new' && !name.trim()) return setProblem('Give the new person a name.');
    if (target === 'existing' && !chosenPerson) return setProblem('Choose the person to add the face to.');
    setProblem(null);
    try {
      const person = await add.mutateAsync({
        review_item_id: item.id,
        box,
        force,
        ...(target === 'new' ? { name: name.trim() } : { person_id: chosenPerson }),
      });
      setAdded(`${person.name} now has ${person.face_count} face(s) in the library.`);
    } catch (error) {
      setProblem(describeFaceError(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">The face is in</legend>
        {item.boxes.map((b, i) => (
          <label key={i} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${groupId}-box`} checked={box === i} onChange={() => setBox(i)} />
            Box {i + 1}: {b.label} ({Math.round(b.confidence * 100)}%), {place(b)}
          </label>
        ))}
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${groupId}-box`} checked={box === null} onChange={() => setBox(null)} />
          The whole snapshot (when it shows one face only)
        </label>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Whose face</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${groupId}-target`}
            checked={target === 'new'}
            onChange={() => setTarget('new')}
          />
          A new person
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${groupId}-target`}
            checked={target === 'existing'}
            disabled={persons.length === 0}
            onChange={() => setTarget('existing')}
          />
          Someone in the library
          {gallery.isPending ? ' (loading…)' : persons.length === 0 ? ' (nobody yet)' : ''}
        </label>
      </fieldset>
      {target === 'new' ? (
        <TextField
          label="Name of the new person"
          maxLength={100}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      ) : (
        <SelectField
          label="Person"
          value={chosenPerson}
          onChange={(event) => setPersonId(event.target.value)}
          options={persons.map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <CheckboxField
        name={`${groupId}-force`}
        label="Register even a face that matches someone else (look-alikes, twins)"
        checked={force}
        onChange={setForce}
      />
      {gallery.isError && <FormError message={describeFaceError(gallery.error)} />}
      <FormError message={problem} />
      {added && (
        <p role="status" className="text-sm">
          {added}{' '}
          <Link to="/faces" className="underline">
            Open the face library
          </Link>
        </p>
      )}
      <Button type="submit" tone="primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add to the face library'}
      </Button>
    </form>
  );
}
