import { CARD, dateTime, MUTED } from '../format';
import type { MqttState, MqttStatus as Status } from './types';

/** Each state in words with its own symbol, so it never rests on colour alone. */
const STATES: Record<MqttState, { label: string; icon: string; tone: string }> = {
  disabled: { label: 'Off', icon: '○', tone: 'text-slate-700 dark:text-slate-200' },
  connecting: { label: 'Connecting…', icon: '◌', tone: 'text-sky-800 dark:text-sky-200' },
  connected: { label: 'Connected', icon: '✓', tone: 'text-emerald-800 dark:text-emerald-300' },
  auth_failed: { label: 'Refused credentials', icon: '✕', tone: 'text-red-700 dark:text-red-300' },
  error: { label: 'Error', icon: '!', tone: 'text-red-700 dark:text-red-300' },
};

/** What the state means for someone fixing it. */
const ADVICE: Partial<Record<MqttState, string>> = {
  disabled: 'The recorder is not connected to a broker. Enter its address below and switch MQTT on.',
  auth_failed:
    'The broker refused the username or password. Fix them here or on the broker; the recorder keeps retrying.',
  error: 'The recorder could not reach the broker or lost it, and keeps retrying.',
};

/**
 * The connection as this recorder node reports it: state, since when, the client id it connects as (its own on a
 * cluster), the last error and the next attempt.
 */
export function MqttStatus({ status }: { status: Status }) {
  const state = STATES[status.state];
  const retrying = status.next_attempt_at !== null && status.state !== 'connected';
  return (
    <section aria-labelledby="mqtt-status-title" className={CARD}>
      <h2 id="mqtt-status-title" className="font-semibold">
        Connection
      </h2>
      <p role="status" className={`flex items-center gap-2 text-lg font-medium ${state.tone}`}>
        <span
          aria-hidden="true"
          className="inline-flex size-6 items-center justify-center rounded-full border-2 border-current text-sm"
        >
          {state.icon}
        </span>
        <span data-testid="mqtt-state">{state.label}</span>
      </p>
      {ADVICE[status.state] && <p className={MUTED}>{ADVICE[status.state]}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {status.since && (
          <>
            <dt className="font-medium">Since</dt>
            <dd>{dateTime(status.since)}</dd>
          </>
        )}
        {status.client_id && (
          <>
            <dt className="font-medium">Connects as</dt>
            <dd className="break-all font-mono">{status.client_id}</dd>
          </>
        )}
        {status.last_error && (
          <>
            <dt className="font-medium">Last error</dt>
            <dd className="break-words">{status.last_error}</dd>
          </>
        )}
        {status.failed_attempts > 0 && (
          <>
            <dt className="font-medium">Failed attempts</dt>
            <dd>{status.failed_attempts}</dd>
          </>
        )}
        {retrying && (
          <>
            <dt className="font-medium">Next attempt</dt>
            <dd>at {dateTime(status.next_attempt_at)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
