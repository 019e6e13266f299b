import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/Toast';
import { ModelForm } from './ModelForm';
import { useCreateAiModel } from './queries';

export function NewModelPage() {
  const create = useCreateAiModel();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <section aria-labelledby="new-model-title" className="mx-auto max-w-3xl space-y-4">
      <Link to="/ai" className="text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← AI
      </Link>
      <h1 id="new-model-title" className="text-xl font-semibold">
        Add an AI model
      </h1>
      <ModelForm
        model={null}
        submitLabel="Add AI model"
        onSubmit={async (body) => {
          const model = await create.mutateAsync(body);
          toast({ title: `${model.name} added` });
          void navigate(`/ai/models/${model.id}`);
        }}
      />
    </section>
  );
}
