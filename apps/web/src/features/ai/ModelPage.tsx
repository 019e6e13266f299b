import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { ModelForm } from './ModelForm';
import { ModelStatusPanel } from './ModelStatusPanel';
import { TryModelPanel } from './TryModelPanel';
import { useAiModel, useDeleteAiModel, useUpdateAiModel } from './queries';

/** One AI model: its status, start/stop, its settings, and the way to its results. */
export function ModelPage() {
  const id = Number(useParams().modelId);
  const model = useAiModel(id);
  const update = useUpdateAiModel(id);
  const remove = useDeleteAiModel();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);

  if (model.isPending) return <Spinner label="Loading the AI model…" />;
  if (model.isError) return <ErrorState message={model.error.message} onRetry={() => void model.refetch()} />;
  const data = model.data;
  return (
    <section aria-labelledby="model-title" className="mx-auto max-w-3xl space-y-4">
      <Link to="/ai" className="text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← AI
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="model-title" className="text-xl font-semibold">
          {data.name}
        </h1>
        <ButtonLink className="ml-auto" to={`/ai/results?model=${data.id}`}>
          Results
        </ButtonLink>
        <Button tone="danger" onClick={() => setConfirm(true)}>
          Delete
        </Button>
      </div>
      <ModelStatusPanel model={data} />
      <TryModelPanel model={data} />
      <h2 className="text-lg font-semibold">Settings</h2>
      <ModelForm
        key={data.updated_at ?? data.created_at}
        model={data}
        submitLabel="Save"
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          toast({ title: 'Saved' });
        }}
      />
      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Delete ${data.name}?`}
        description="Its detection results are deleted with it."
      >
        <FormError message={remove.error?.message} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirm(false)}>Keep</Button>
          <Button
            tone="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(data.id, {
                onSuccess: () => {
                  toast({ title: `${data.name} deleted` });
                  void navigate('/ai');
                },
              })
            }
          >
            Delete model
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
