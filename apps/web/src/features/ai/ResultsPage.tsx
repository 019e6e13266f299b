import { useSearchParams } from 'react-router';
import type { DetectionResult } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { CameraFilterSelect, useCameraNames } from '../cameras/CameraFilterSelect';
import { dateTime } from '../events/eventText';
import { StreamStatusNotice } from '../events/StreamStatusNotice';
import { AiNav } from './AiNav';
import {
  RESULTS_PAGE_SIZE,
  useAiModels,
  useDetectionResults,
  useCapabilities,
  type ResultFilters,
} from './queries';
import { ResultFrame } from './ResultFrame';

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Detection results, newest first, filtered by model, camera and task (in the URL); new ones arrive live. */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const filters: ResultFilters = {
    model_id: positive(params.get('model')),
    camera_id: positive(params.get('camera')),
    task: params.get('task') || undefined,
  };
  const page = (positive(params.get('page')) ?? 1) - 1;
  const set = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });
  const results = useDetectionResults(filters, page);
  const models = useAiModels();
  const capabilities = useCapabilities();
  const cameras = useCameraNames();
  const modelNames = new Map((models.data?.models ?? []).map((m) => [m.id, m.name]));
  const tasks = [
    ...new Set([
      ...(capabilities.data?.orchestrator.tasks ?? []),
      ...(models.data?.models.map((m) => m.task) ?? []),
      ...(filters.task ? [filters.task] : []),
    ]),
  ];

  return (
    <section aria-labelledby="results-title" className="mx-auto max-w-5xl space-y-4">
      <h1 id="results-title" className="text-xl font-semibold">
        AI
      </h1>
      <AiNav />
      <h2 className="text-lg font-semibold">Detection results</h2>
      <StreamStatusNotice />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Model"
          name="model"
          value={filters.model_id === undefined ? '' : String(filters.model_id)}
          onChange={(event) => set('model', event.target.value)}
          options={[
            { value: '', label: 'All models' },
            ...(models.data?.models ?? []).map((m) => ({ value: String(m.id), label: m.name })),
          ]}
        />
        <CameraFilterSelect value={filters.camera_id} onChange={(value) => set('camera', value)} />
        <SelectField
          label="Task"
          name="task"
          value={filters.task ?? ''}
          onChange={(event) => set('task', event.target.value)}
          options={[
            { value: '', label: 'All tasks' },
            ...tasks.map((task) => ({ value: task, label: task })),
          ]}
        />
      </div>
      {results.isPending ? (
        <Spinner label="Loading the results…" />
      ) : results.isError ? (
        <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />
      ) : results.data.results.length === 0 ? (
        <p className="text-sm">
          No results {Object.values(filters).some((v) => v !== undefined) ? 'match these filters' : 'yet'}. An
          enabled AI model on an online camera stores one per analysed frame.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {results.data.total} result{results.data.total === 1 ? '' : 's'}, newest first
          </p>
          <ul
            aria-label="Results"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {results.data.results.map((result) => (
              <ResultRow key={result.id} result={result} modelNames={modelNames} cameras={cameras} />
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(results.data.total / RESULTS_PAGE_SIZE)}
            onPage={(p) => set('page', String(p + 1))}
          />
        </>
      )}
    </section>
  );
}

function ResultRow({
  result,
  modelNames,
  cameras,
}: {
  result: DetectionResult;
  modelNames: ReadonlyMap<number, string>;
  cameras: ReadonlyMap<number, string>;
}) {
  const camera =
    result.camera_id === null ? 'no camera' : (cameras.get(result.camera_id) ?? `camera ${result.camera_id}`);
  const what = [
    result.count !== null ? `${result.count} ${result.label ?? 'found'}` : result.label,
    result.confidence !== null ? `${Math.round(result.confidence * 100)}%` : null,
    result.latency_ms !== null ? `${result.latency_ms} ms` : null,
  ].filter(Boolean);
  return (
    <li className="space-y-1 p-3" data-result-id={result.id}>
      <div className="flex flex-wrap gap-x-3 text-sm">
        <span className="font-medium">
          {modelNames.get(result.model_id) ?? result.model_name ?? `model ${result.model_id}`}
        </span>
        <span>{result.task}</span>
        <span>{camera}</span>
        <span className="text-slate-600 dark:text-slate-300">
          {dateTime(result.executed_at ?? result.created_at)}
        </span>
      </div>
      {what.length > 0 && <p className="text-sm">{what.join(' · ')}</p>}
      {result.caption && <p className="text-sm italic">{result.caption}</p>}
      <details>
        <summary className="cursor-pointer text-sm text-sky-700 dark:text-sky-400">Frame</summary>
        <ResultFrame result={result} />
      </details>
    </li>
  );
}
