import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormError } from '../../components/FormError';
import type { DuplicateCameraError } from './queries';

/**
 * The recorder's 409 duplicate_camera as a question: it names the user's cameras that already use this stream
 * (linked) and offers to add this one anyway (the API's `force`). Shared by every way of adding a camera.
 */
export function DuplicateCameraDialog({
  duplicate,
  error,
  pending,
  onCancel,
  onAddAnyway,
}: {
  /** the 409, or null when there is nothing to ask */
  duplicate: DuplicateCameraError | null;
  /** why "Add anyway" failed, if it did */
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  onAddAnyway: () => void;
}) {
  return (
    <Dialog
      open={duplicate !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="You already have this camera"
      description="A camera of yours already uses this stream:"
    >
      <ul className="list-inside list-disc text-sm">
        {duplicate?.duplicates.map((camera) => (
          <li key={camera.id}>
            <Link to={`/cameras/${camera.id}`} className="text-sky-700 underline dark:text-sky-400">
              {camera.name}
            </Link>{' '}
            ({camera.ip_address})
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">Add it anyway as another camera?</p>
      <FormError message={error} className="mt-2" />
      <div className="mt-4 flex justify-end gap-3">
        <Button onClick={onCancel}>Cancel</Button>
        <Button tone="primary" disabled={pending} onClick={onAddAnyway}>
          Add anyway
        </Button>
      </div>
    </Dialog>
  );
}
