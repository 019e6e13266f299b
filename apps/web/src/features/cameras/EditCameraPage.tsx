import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { CameraUpdate } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { NotFound } from '../shell/NotFound';
import { CameraForm } from './CameraForm';
import { useCamera, useUpdateCamera } from './queries';

/** Change a camera: the same form as "add", filled in (never the password), sending only what changed. */
export function EditCameraPage() {
  const id = Number(useParams().cameraId);
  const camera = useCamera(id);
  const update = useUpdateCamera(id);
  const navigate = useNavigate();
  const toast = useToast();

  if (!Number.isInteger(id) || (camera.error instanceof ApiError && camera.error.status === 404)) {
    return <NotFound what="camera" />;
  }
  if (camera.isPending) return <Spinner label="Loading the camera…" />;
  if (camera.isError)
    return <ErrorState message={camera.error.message} onRetry={() => void camera.refetch()} />;

  const submit = async (body: CameraUpdate) => {
    if (Object.keys(body).length > 0) {
      const saved = await update.mutateAsync(body);
      toast({ title: `${saved.name} saved` });
    }
    void navigate(`/cameras/${id}`);
  };

  return (
    <section aria-labelledby="edit-camera-title" className="mx-auto max-w-3xl space-y-4">
      <Link to={`/cameras/${id}`} className="text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← {camera.data.name}
      </Link>
      <h1 id="edit-camera-title" className="text-xl font-semibold">
        Edit {camera.data.name}
      </h1>
      <CameraForm
        camera={camera.data}
        submitLabel="Save changes"
        cancelTo={`/cameras/${id}`}
        onSubmit={submit}
      />
    </section>
  );
}
