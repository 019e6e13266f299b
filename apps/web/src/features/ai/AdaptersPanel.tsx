import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { dateTime } from '../events/eventText';
import { Button } from '../../components/Button';
import { useAdapterHardware, useCapabilities, type Capabilities } from './queries';
import { StateBadge } from './StateBadge';

type Adapter = Capabilities['adapters'][string];

/** What an adapter's /health says (passed through as the adapter sent it; API.md §8, ADAPTER.md). */
interface Health {
  status?: string;
  hardware?: {
    cpu_model?: string;
    cpu_cores?: number;
    ram_total_mb?: number;
    ram_free_mb?: number;
    gpus?: { name: string }[];
  };
  models?: { name: string; tasks?: string[]; runtime?: string; state?: string }[];
}

/** The adapters the recorder routes AI work to: status, health, hardware, tasks and loaded models. */
export function AdaptersPanel() {
  const capabilities = useCapabilities();
  if (capabilities.isPending) return <Spinner label="Loading the adapters…" />;
  if (capabilities.isError)
    return <ErrorState message={capabilities.error.message} onRetry={() => void capabilities.refetch()} />;
  const { orchestrator, adapters } = capabilities.data;
  const entries = Object.entries(adapters);
  return (
    <section aria-labelledby="adapters-title" className="space-y-3">
      <h2 id="adapters-title" className="text-lg font-semibold">
        Adapters
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {orchestrator.adapters_available} of {orchestrator.adapters_total} available · tasks now:{' '}
        {orchestrator.tasks.length ? orchestrator.tasks.join(', ') : 'none'}
      </p>
      {entries.length === 0 ? (
        <p className="text-sm">
          No adapter is configured. Start one and list it in the recorder&apos;s ADAPTER_URLS to run AI
          models.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {entries.map(([name, adapter]) => (
            <AdapterCard key={name} name={name} adapter={adapter} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AdapterCard({ name, adapter }: { name: string; adapter: Adapter }) {
  const health = (adapter.health ?? null) as Health | null;
  const hardware = health?.hardware;
  const card = (adapter.card ?? null) as { accelerator?: { backend?: string; device?: string } } | null;
  return (
    <li
      aria-label={`Adapter ${name}`}
      className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{name}</h3>
        <StateBadge state={adapter.status} />
        {health?.status && <span className="text-sm">health: {health.status}</span>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {adapter.url && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">URL</dt>
            <dd className="break-all">{adapter.url}</dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-300">Tasks</dt>
        <dd>{adapter.tasks.length ? adapter.tasks.join(', ') : 'none'}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Model</dt>
        <dd className="break-all">
          {adapter.model ? `${adapter.model.name} ${adapter.model.version}` : 'not reported'}
        </dd>
        {hardware && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Hardware</dt>
            <dd>
              {hardware.cpu_cores ?? '?'} cores
              {hardware.cpu_model ? ` (${hardware.cpu_model})` : ''}, {hardware.ram_free_mb ?? '?'} of{' '}
              {hardware.ram_total_mb ?? '?'} MB RAM free
              {hardware.gpus?.length ? `, GPU: ${hardware.gpus.map((g) => g.name).join(', ')}` : ', no GPU'}
              {card?.accelerator?.backend ? ` · runs on ${card.accelerator.backend}` : ''}
            </dd>
          </>
        )}
        {adapter.last_seen_at && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Last seen</dt>
            <dd>{dateTime(adapter.last_seen_at)}</dd>
          </>
        )}
      </dl>
      {health?.models && health.models.length > 0 && (
        <div>
          <h4 className="text-sm font-medium">Models and their load state</h4>
          <ul className="text-sm">
            {health.models.map((model) => (
              <li key={model.name}>
                {model.name} — {model.state ?? 'unknown'}
                {model.tasks?.length ? ` (${model.tasks.join(', ')})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {adapter.url !== undefined && (
        <HardwareVerdict name={name} available={adapter.status === 'available'} />
      )}
      {adapter.last_error && (
        <p className="text-sm text-red-700 dark:text-red-300">Last error: {adapter.last_error}</p>
      )}
    </li>
  );
}

/** The adapter's own verdict on its hardware: ok, warn or blocked, and why. */
function HardwareVerdict({ name, available }: { name: string; available: boolean }) {
  const hardware = useAdapterHardware(name, available);
  if (!available) return null;
  return (
    <div className="space-y-1 text-sm" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium">Hardware verdict</h4>
        {hardware.data && <StateBadge state={hardware.data.verdict} />}
        <Button className="ml-auto" disabled={hardware.isFetching} onClick={() => void hardware.refetch()}>
          {hardware.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {hardware.isPending && hardware.isFetching ? (
        <Spinner label="The adapter is timing its models…" />
      ) : hardware.isError ? (
        <p className="text-red-700 dark:text-red-300">{hardware.error.message}</p>
      ) : hardware.data ? (
        <p>{hardware.data.reasoning}</p>
      ) : null}
    </div>
  );
}
