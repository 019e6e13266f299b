import { useState } from 'react';
import { Link } from 'react-router';
import type { Layout } from '../../api/types';
import { Button, ButtonLink } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { useDeleteLayout, useLayouts } from './queries';

/** The user's saved layouts: open, edit, delete, or make a new one. */
export function LayoutsPage() {
  const layouts = useLayouts();
  const [deleting, setDeleting] = useState<Layout | null>(null);

  return (
    <section aria-labelledby="layouts-title" className="mx-auto max-w-3xl space-y-4">
      <div className="flex items-center gap-3">
        <h1 id="layouts-title" className="text-xl font-semibold">
          Layouts
        </h1>
        <ButtonLink to="/layouts/new" tone="primary" className="ml-auto">
          New layout
        </ButtonLink>
      </div>
      {layouts.isPending ? (
        <Spinner label="Loading layouts…" />
      ) : layouts.isError ? (
        <ErrorState message={layouts.error.message} onRetry={() => void layouts.refetch()} />
      ) : layouts.data.layouts.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          No layouts yet. A layout puts the cameras you choose in a grid of your size, for a wall you come
          back to.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {layouts.data.layouts.map((layout) => (
            <li key={layout.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/live/layout/${encodeURIComponent(layout.id)}`}
                  className="font-medium text-sky-700 underline dark:text-sky-400"
                >
                  {layout.name}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {layout.grid_columns} × {layout.grid_rows}, {layout.tiles.length} tile
                  {layout.tiles.length === 1 ? '' : 's'}
                  {layout.enabled ? '' : ' · hidden from the live view'}
                </p>
              </div>
              <ButtonLink
                to={`/layouts/${encodeURIComponent(layout.id)}/edit`}
                tone="secondary"
                aria-label={`Edit ${layout.name}`}
              >
                Edit
              </ButtonLink>
              <Button tone="danger" onClick={() => setDeleting(layout)} aria-label={`Delete ${layout.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting && <DeleteLayoutDialog layout={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function DeleteLayoutDialog({ layout, onClose }: { layout: Layout; onClose: () => void }) {
  const remove = useDeleteLayout();
  const toast = useToast();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete the layout “${layout.name}”?`}
      description="The cameras and their recordings stay; only this arrangement goes."
    >
      <FormError message={remove.error?.message} className="mb-3" />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Keep it</Button>
        <Button
          tone="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(layout.id, {
              onSuccess: () => {
                toast({ title: `Layout “${layout.name}” deleted` });
                onClose();
              },
            })
          }
        >
          Delete layout
        </Button>
      </div>
    </Dialog>
  );
}
