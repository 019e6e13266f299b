import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Camera, CameraCreate } from '../../api/types';
import { useToast } from '../../components/Toast';
import { CameraForm } from './CameraForm';
import { DuplicateCameraDialog } from './DuplicateCameraDialog';
import { AddWaySwitch } from './onvif/AddWaySwitch';
import { OnvifOnboarding } from './onvif/OnvifOnboarding';
import { DuplicateCameraError, useCreateCamera } from './queries';

/**
 * Add a camera. When the recorder says the user already has a camera for this stream (409 duplicate_camera), a
 * dialog names the duplicates and offers to add it anyway (the API's `force=true`). `?from=onvif` adds one from an
 * ONVIF device instead of typing its stream.
 */
export function NewCameraPage() {
  const create = useCreateCamera();
  const navigate = useNavigate();
  const toast = useToast();
  const fromDevice = useSearchParams()[0].get('from') === 'onvif';
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
      <AddWaySwitch fromDevice={fromDevice} />
      {fromDevice ? (
        <OnvifOnboarding />
      ) : (
        <CameraForm
          camera={null}
          submitLabel="Add camera"
          cancelTo="/cameras"
          onSubmit={(body) => submit(body as CameraCreate)}
        />
      )}
      <DuplicateCameraDialog
        duplicate={duplicate?.error ?? null}
        error={forceError}
        pending={create.isPending}
        onCancel={() => setDuplicate(null)}
        onAddAnyway={() => void addAnyway()}
      />
    </section>
  );
}
