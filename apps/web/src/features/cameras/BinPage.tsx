import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BinnedCamera } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { HardDeleteDialog } from './HardDeleteDialog';
import { DuplicateCameraError, useBinnedCameras, useMe, useRestoreCamera } from './queries';

/**
 * The bin: cameras moved out of use, with their recordings kept. Restore brings one back (asking first when the
 * user has another camera for the same stream); deleting for good is a superuser's and needs the typed phrase.
 */
export function BinPage() {
  const binned = useBinnedCameras();
  const me = useMe();
  const restore = useRestoreCamera();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleting, setDeleting] = useState<BinnedCamera | null>(null);
  const [duplicate, setDuplicate] = useState<{ camera: BinnedCamera; error: DuplicateCameraError } | null>(
    null,
  );

  const restoreCamera = async (camera: BinnedCamera, force: boolean) => {
    try {
      const restored = await restore.mutateAsync({ id: camera.id, force });
      setDuplicate(null);
      toast({ title: `${restored.name} restored` });
      void navigate(`/cameras/${restored.id}`);
    } catch (error) {
      if (error instanceof DuplicateCameraError && !force) setDuplicate({ camera, error });
      else
        toast({
          title: `Restoring ${camera.name} failed`,
          description: error instanceof Error ? error.message : undefined,
          tone: 'error',
        });
    }
  };

  const mayDelete = me.data?.is_superuser === true;
  return (
    <section aria-labelledby="bin-title" className="mx-auto max-w-5xl space-y-4">
      <Link to="/cameras" className="text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← Cameras
      </Link>
      <h1 id="bin-title" className="text-xl font-semibold">
        Bin
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Binned cameras do not record or stream; their recordings are kept until they are deleted for good.
        {me.isSuccess && !mayDelete && ' Only an administrator can delete a camera for good.'}
      </p>
      {binned.isPending ? (
        <Spinner label="Loading the bin…" />
      ) : binned.isError ? (
        <ErrorState message={binned.error.message} onRetry={() => void binned.refetch()} />
      ) : binned.data.cameras.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">The bin is empty.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {binned.data.cameras.map((camera) => (
            <li key={camera.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium">{camera.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {[camera.location, camera.ip_address].filter(Boolean).join(' · ')} · binned{' '}
                  {new Date(camera.deleted_at).toLocaleString()} · recordings in {camera.path}
                </p>
              </div>
              <span className="ml-auto flex gap-2">
                <Button
                  aria-label={`Restore: ${camera.name}`}
                  disabled={restore.isPending}
                  onClick={() => void restoreCamera(camera, false)}
                >
                  Restore
                </Button>
                {mayDelete && (
                  <Button
                    tone="danger"
                    aria-label={`Delete for good: ${camera.name}`}
                    onClick={() => setDeleting(camera)}
                  >
                    Delete for good
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <HardDeleteDialog camera={deleting} onClose={() => setDeleting(null)} />
      <Dialog
        open={duplicate !== null}
        onOpenChange={(open) => {
          if (!open) setDuplicate(null);
        }}
        title={`Restore ${duplicate?.camera.name ?? ''} anyway?`}
        description="You already have a camera for the same stream:"
      >
        <ul className="list-inside list-disc text-sm">
          {duplicate?.error.duplicates.map((camera) => (
            <li key={camera.id}>
              {camera.name} ({camera.ip_address})
            </li>
          ))}
        </ul>
        <div className="mt-4 flex justify-end gap-3">
          <Button onClick={() => setDuplicate(null)}>Cancel</Button>
          <Button
            tone="primary"
            disabled={restore.isPending}
            onClick={() => duplicate && void restoreCamera(duplicate.camera, true)}
          >
            Restore anyway
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
