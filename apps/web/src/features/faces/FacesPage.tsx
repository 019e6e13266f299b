// The face library (/faces, superusers only): the people the face_recognition adapter knows, each with the
// crops of their registered faces. Add a person from pictures, add pictures to someone, rename, merge someone
// registered twice, remove a face or a person. The adapter refuses pictures without exactly one face, a taken
// name and a face that is already someone else's; its reasons are shown as it gives them (queries.ts).
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import {
  describeFaceError,
  fileBase64,
  useAddFaces,
  useCreatePerson,
  useDeleteFace,
  useDeletePerson,
  useFaceCrop,
  useGallery,
  useMergePersons,
  useRenamePerson,
  type GalleryPerson,
} from './queries';

const FILE_INPUT =
  'block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-transparent file:px-3 file:py-1.5 dark:file:border-slate-700';
const MUTED = 'text-sm text-slate-600 dark:text-slate-300';
const FORCE_LABEL = 'Register even a face that matches someone else (look-alikes, twins)';

/** A deep link of someone who is not an administrator: said plainly; nothing is requested. */
function NotAllowed() {
  return (
    <section aria-labelledby="faces-not-allowed" className="mx-auto max-w-md py-16 text-center">
      <h1 id="faces-not-allowed" className="text-2xl font-semibold">
        Not allowed
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The face library is for administrators only. Ask one to add or change a person.
      </p>
    </section>
  );
}

export function FacesPage({ isSuperuser }: { isSuperuser: boolean }) {
  if (!isSuperuser) return <NotAllowed />;
  return <FaceLibrary />;
}

function FaceLibrary() {
  const gallery = useGallery();
  return (
    <section aria-labelledby="faces-title" className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 id="faces-title" className="text-2xl font-semibold">
          Face library
        </h1>
        <p className={MUTED}>
          People face recognition names. Each picture must show exactly one face.
          {gallery.data && ` Kept by the AI adapter ${gallery.data.adapter}.`}
        </p>
      </div>
      {gallery.isPending ? (
        <Spinner label="Loading the face library…" />
      ) : gallery.isError ? (
        <ErrorState message={describeFaceError(gallery.error)} onRetry={() => void gallery.refetch()} />
      ) : (
        <>
          <AddPersonForm />
          {gallery.data.persons.length === 0 ? (
            <p className={MUTED}>Nobody is in the library yet.</p>
          ) : (
            <ul aria-label="People" className="grid gap-4 md:grid-cols-2">
              {gallery.data.persons.map((person) => (
                <PersonCard key={person.id} person={person} everyone={gallery.data.persons} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function AddPersonForm() {
  const create = useCreatePerson();
  const toast = useToast();
  const fileId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [force, setForce] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setProblem('Give the person a name.');
    if (files.length === 0) return setProblem('Choose at least one picture of their face.');
    if (files.length > 10) return setProblem('At most 10 pictures at a time.');
    setProblem(null);
    try {
      const images = await Promise.all(files.map(fileBase64));
      const person = await create.mutateAsync({ name: name.trim(), images, force });
      toast({ title: `${person.name} added`, description: `${person.face_count} face(s) registered.` });
      setName('');
      setFiles([]);
      setForce(false);
      form.current?.reset();
    } catch (error) {
      setProblem(describeFaceError(error));
    }
  }

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="add-person-title"
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="add-person-title" className="text-lg font-semibold">
        Add a person
      </h2>
      <TextField
        label="Name"
        name="person-name"
        maxLength={100}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-sm font-medium">
          Pictures of their face (1–10)
        </label>
        <input
          id={fileId}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
          className={FILE_INPUT}
        />
      </div>
      <CheckboxField name="add-person-force" label={FORCE_LABEL} checked={force} onChange={setForce} />
      <FormError message={problem} />
      <Button type="submit" tone="primary" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add person'}
      </Button>
    </form>
  );
}

function FaceThumb({ person, faceId, index }: { person: GalleryPerson; faceId: string; index: number }) {
  const crop = useFaceCrop(person.id, faceId);
  const remove = useDeleteFace();
  const toast = useToast();
  const label = `Face ${index + 1} of ${person.name}`;
  const box = 'size-20 rounded-md bg-slate-200 object-cover dark:bg-slate-800';
  return (
    <li className="relative">
      {crop.url ? (
        <img src={crop.url} alt={label} className={box} />
      ) : (
        <div className={`${box} grid place-items-center p-1 text-center text-xs`}>
          {crop.failed ? 'Not loaded' : <span className="sr-only">Loading {label}</span>}
        </div>
      )}
      <button
        type="button"
        aria-label={`Remove face ${index + 1} of ${person.name}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(
            { id: person.id, faceId },
            {
              onSuccess: (left) =>
                toast({
                  title: left ? `Face removed from ${person.name}` : `${person.name} removed (last face)`,
                }),
              onError: (error) =>
                toast({ title: 'Face not removed', description: describeFaceError(error), tone: 'error' }),
            },
          )
        }
        className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full border border-slate-300 bg-white text-sm leading-none shadow hover:bg-red-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-red-950"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

type Open = null | 'rename' | 'merge' | 'delete';

function PersonCard({ person, everyone }: { person: GalleryPerson; everyone: GalleryPerson[] }) {
  const [open, setOpen] = useState<Open>(null);
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {person.name}
        </h2>
        <span className={MUTED}>
          {person.face_count} {person.face_count === 1 ? 'face' : 'faces'}
        </span>
      </div>
      <ul aria-label={`Faces of ${person.name}`} className="flex flex-wrap gap-3 pt-2">
        {person.faces.map((face, index) => (
          <FaceThumb key={face.id} person={person} faceId={face.id} index={index} />
        ))}
      </ul>
      <AddFacesField person={person} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setOpen('rename')}>Rename</Button>
        <Button onClick={() => setOpen('merge')} disabled={everyone.length < 2}>
          Merge…
        </Button>
        <Button tone="danger" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </div>
      {open === 'rename' && <RenameDialog person={person} onClose={() => setOpen(null)} />}
      {open === 'merge' && <MergeDialog person={person} everyone={everyone} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteDialog person={person} onClose={() => setOpen(null)} />}
    </li>
  );
}

/** Pictures chosen here are sent at once: choosing them is the action. */
function AddFacesField({ person }: { person: GalleryPerson }) {
  const add = useAddFaces();
  const toast = useToast();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Add pictures of {person.name}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        disabled={add.isPending}
        className={FILE_INPUT}
        onChange={(event) => {
          const input = event.currentTarget;
          const files = [...(input.files ?? [])];
          if (files.length === 0) return;
          if (files.length > 10) return setProblem('At most 10 pictures at a time.');
          setProblem(null);
          void (async () => {
            try {
              const updated = await add.mutateAsync({
                id: person.id,
                images: await Promise.all(files.map(fileBase64)),
                force: false,
              });
              toast({ title: `${files.length} face(s) added to ${updated.name}` });
            } catch (error) {
              setProblem(describeFaceError(error));
            } finally {
              input.value = '';
            }
          })();
        }}
      />
      {add.isPending && <p className={MUTED}>Adding…</p>}
      <FormError message={problem} />
    </div>
  );
}

function RenameDialog({ person, onClose }: { person: GalleryPerson; onClose: () => void }) {
  const rename = useRenamePerson();
  const toast = useToast();
  const [name, setName] = useState(person.name);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setProblem('The name cannot be empty.');
    try {
      const renamed = await rename.mutateAsync({ id: person.id, name: name.trim() });
      toast({ title: `Renamed to ${renamed.name}` });
      onClose();
    } catch (error) {
      setProblem(describeFaceError(error));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Rename ${person.name}`}>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <TextField
          label="New name"
          name="rename"
          maxLength={100}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <FormError message={problem} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" tone="primary" disabled={rename.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MergeDialog({
  person,
  everyone,
  onClose,
}: {
  person: GalleryPerson;
  everyone: GalleryPerson[];
  onClose: () => void;
}) {
  const merge = useMergePersons();
  const toast = useToast();
  const others = everyone.filter((p) => p.id !== person.id);
  const [from, setFrom] = useState(others[0]?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = others.find((p) => p.id === from);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setProblem('Choose the person to merge.');
    try {
      const merged = await merge.mutateAsync({ id: person.id, from: chosen.id });
      toast({
        title: `${chosen.name} merged into ${merged.name}`,
        description: `${merged.face_count} faces.`,
      });
      onClose();
    } catch (error) {
      setProblem(describeFaceError(error));
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Merge into ${person.name}`}
      description={`For someone registered twice: the other person's faces move to ${person.name}, who keeps this name, and the other entry is removed.`}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <SelectField
          label="Person to merge"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          options={others.map((p) => ({ value: p.id, label: `${p.name} (${p.face_count})` }))}
        />
        <FormError message={problem} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" tone="primary" disabled={merge.isPending || !chosen}>
            Merge
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ person, onClose }: { person: GalleryPerson; onClose: () => void }) {
  const remove = useDeletePerson();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${person.name}?`}
      description={`Their ${person.face_count} registered face(s) are removed; face recognition will no longer name them.`}
    >
      <FormError message={problem} />
      <div className="mt-3 flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button
          tone="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(person.id, {
              onSuccess: () => {
                toast({ title: `${person.name} deleted` });
                onClose();
              },
              onError: (error) => setProblem(describeFaceError(error)),
            })
          }
        >
          Delete {person.name}
        </Button>
      </div>
    </Dialog>
  );
}
