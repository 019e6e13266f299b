import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CARD, MUTED } from './format';
import { useStreamTargetAction, useStreamTargetStatus, useStreamTargets } from './queries';
import { StreamTargetForm } from './StreamTargetForm';
import type { StreamTarget } from './types';

/** What each state means to the person looking at it. */
const STATES: Record<string, string> = {
  idle: 'Not running',
  connecting: 'Connecting',
  streaming: 'Streaming',
  reconnecting: 'Reconnecting',
  failed: 'Failed (gave up)',
  waiting: 'Waiting (cloud streaming off, egress denied or camera unavailable)',
};

function TargetRow({ target, cameraName }: { target: StreamTarget; cameraName: string }) {
  const status = useStreamTargetStatus(target.target_id);
  const act = useStreamTargetAction();
  const toast = useToast();
  const run = (action: 'start' | 'stop' | 'delete') =>
    act.mutate(
      { targetId: target.target_id, action },
      {
        onError: (error) => toast({ title: 'That did not work', description: error.message, tone: 'error' }),
      },
    );
  const state = status.data?.state;
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{target.target_id}</span>
        <span className="text-sm" aria-live="polite">
          {status.isError ? 'State unknown' : state ? (STATES[state] ?? state) : 'Reading the state…'}
        </span>
      </div>
      <p className={`${MUTED} break-all`}>
        {cameraName} → {target.protocol.toUpperCase()} {target.server_url || '(no server)'} · key{' '}
        {target.stream_key_set ? 'set' : 'not set'}
        {target.enabled ? '' : ' · disabled'}
      </p>
      {status.data?.conversion && <p className={MUTED}>{status.data.conversion}</p>}
      {status.data?.last_error && (
        <p className="text-sm text-red-700 dark:text-red-300">{status.data.last_error}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={act.isPending} onClick={() => run(state === 'idle' ? 'start' : 'stop')}>
          {state === 'idle' ? `Start ${target.target_id}` : `Stop ${target.target_id}`}
        </Button>
        <Button tone="danger" disabled={act.isPending} onClick={() => run('delete')}>
          Remove {target.target_id}
        </Button>
      </div>
    </li>
  );
}

/** Where cameras are streamed to, each with its live state, and a form for a new one. */
export function StreamTargets({ cameraNames }: { cameraNames: Map<number, string> }) {
  const targets = useStreamTargets();
  return (
    <section aria-labelledby="targets-title" className="space-y-3">
      <h2 id="targets-title" className="text-lg font-semibold">
        Stream targets
      </h2>
      <div className={CARD}>
        {targets.isPending ? (
          <Spinner label="Loading stream targets…" />
        ) : targets.isError ? (
          <ErrorState message={targets.error.message} onRetry={() => void targets.refetch()} />
        ) : targets.data.targets.length === 0 ? (
          <p className={MUTED}>
            No stream targets yet. Add one below to send a camera to a streaming service.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {targets.data.targets.map((target) => (
              <TargetRow
                key={target.target_id}
                target={target}
                cameraName={cameraNames.get(target.camera_id) ?? `Camera #${target.camera_id}`}
              />
            ))}
          </ul>
        )}
      </div>
      <StreamTargetForm />
    </section>
  );
}
