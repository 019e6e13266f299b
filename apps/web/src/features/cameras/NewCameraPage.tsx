import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Camera, CameraCreate } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormError } from '../../components/FormError';
import { useToast } from '../../components/Toast';
import { CameraForm } from './CameraForm';
import { DuplicateCameraError, useCreateCamera } from './queries';

/**
 * Add a camera. When the recorder says the user already has a camera for this stream (409 duplicate_camera), a
 * dialog names the duplicates and offers to add it anyway (the API's `force=true`).
 */
export function NewCameraPage() {
  const create = useCreateCamera();
  const navigate = useNavigate();
  const toast = useToast();
  const [duplicate, setDuplicate] = useState<{ body: CameraCreate; error: DuplicateCameraError } | null>(
    null,
  );
  const [forceError, setForceError] = useState<string | null>(null);

  const added = (camera: Camera) => {
    toast({ title: `${camera.name} added`, description: 'It appears online once it streams.' });
    void navigate(`/cameras/${camera.id}`);
  };

  const submit = async (body: CameraCreate) => {
    try {
      added(await create.mutateAsync({ body, force: false }));
    } catch (error) {
      if (!(error instanceof DuplicateCameraError)) throw error;
      setForceError(null);
      setDuplicate({ body, error });
    }
  };

  const addAnyway = async () => {
    if (!duplicate) return;
    try {
      added(await create.mutateAsync({ body: duplicate.body, force: true }));
      setDuplicate(null);
    } catch (error) {
      setForceError(error instanceof Error ? error.message : 'Adding the camera failed.');
    }
  };

  return (
    <section aria-labelledby="new-camera-title" className="mx-auto max-w-3xl space-y-4">
      <Link to="/cameras" className="text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← Cameras
      </Link>
      <h1 id="new-camera-title" className="text-xl font-semibold">
        Add a camera
      </h1>
      <CameraForm
        camera={null}
        submitLabel="Add camera"
        cancelTo="/cameras"
        onSubmit={(body) => submit(body as CameraCreate)}
      />
      <Dialog
        open={duplicate !== null}
        onOpenChange={(open) => {
          if (!open) setDuplicate(null);
        }}
        title="You already have this camera"
        description="A camera of yours already uses this stream:"
      >
        <ul className="list-inside list-disc text-sm">
          {duplicate?.error.duplicates.map((camera) => (
            <li key={camera.id}>
              <Link to={`/cameras/${camera.id}`} className="text-sky-700 underline dark:text-sky-400">
                {camera.name}
              </Link>{' '}
              ({camera.ip_address})
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">Add it anyway as another camera?</p>
        <FormError message={forceError} className="mt-2" />
        <div className="mt-4 flex justify-end gap-3">
          <Button onClick={() => setDuplicate(null)}>Cancel</Button>
          <Button tone="primary" disabled={create.isPending} onClick={() => void addAnyway()}>
            Add anyway
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
