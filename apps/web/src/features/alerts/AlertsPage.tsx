import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { footageAt } from '../recordings/footageLink';
import { requestBounds } from '../../api/bounds';
import type { Alert, ReviewItem, Severity } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CameraFilterSelect, useCameraNames } from '../cameras/CameraFilterSelect';
import { dateTime } from '../events/eventText';
import { AlertsNav } from './AlertsNav';
import {
  ALERTS_PAGE_SIZE,
  useAcknowledge,
  useAlerts,
  useUnacknowledgedCount,
  type AckRequest,
  type AlertFilters,
} from './queries';
import { SEVERITIES, SeverityBadge, SeverityFilterSelect } from './SeverityBadge';
import { LiveHeading } from '../events/LiveHeading';
import { IncidentLink } from '../review/IncidentLink';
import { useIncidentsAt, type Moment } from '../review/incidentsAt';

const STATUSES = [
  { value: 'open', label: 'Unacknowledged' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'all', label: 'All' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

/** Filters from the URL (deep links, the header counter's link), defaulting to what still needs attention. */
function useAlertFilters() {
  const [params, setParams] = useSearchParams();
  const status: Status = STATUSES.some((s) => s.value === params.get('status'))
    ? (params.get('status') as Status)
    : 'open';
  const severityParam = params.get('severity') ?? '';
  const severity = (SEVERITIES as string[]).includes(severityParam) ? (severityParam as Severity) : undefined;
  const source = params.get('source') ?? '';
  const cameraParam = Number(params.get('camera'));
  const cameraId = Number.isInteger(cameraParam) && cameraParam > 0 ? cameraParam : undefined;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;

  const filters: AlertFilters = {
    acknowledged: status === 'all' ? undefined : status === 'acknowledged',
    severity,
    source_name: source.trim() || undefined,
    camera_id: cameraId,
  };
  /** Changes one filter (back to page 1) or the page. */
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name !== 'page' },
    );
  return { status, severity, source, cameraId, page, filters, set };
}

/** What the filter says, in words, for the "acknowledge all matching" question. */
function describe(filters: AlertFilters, cameraName: string | undefined): string {
  const parts = [
    filters.severity && `severity ${filters.severity}`,
    filters.source_name && `source “${filters.source_name}”`,
    filters.camera_id !== undefined && `camera ${cameraName ?? filters.camera_id}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no filter (every alert you can see)';
}

/**
 * Alerts to deal with: filter, page, select, acknowledge one, the selected ones, or every match of the filter.
 * Raised and acknowledged alerts appear without a reload (the event stream refreshes the list).
 */
export function AlertsPage() {
  const { status, severity, source, cameraId, page, filters, set } = useAlertFilters();
  const alerts = useAlerts(filters, page);
  const openMatching = useUnacknowledgedCount({ ...filters, acknowledged: undefined });
  const acknowledge = useAcknowledge();
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);

  const cameraNames = useCameraNames();
  const rows = alerts.data?.alerts ?? [];
  const incidentOf = useIncidentsAt(rows.flatMap((alert) => alertMoment(alert) ?? []));
  const incidentFor = (alert: Alert) => {
    const moment = alertMoment(alert);
    return moment ? incidentOf(moment) : undefined;
  };
  const selectable = rows.filter((alert) => !alert.acknowledged);
  // Only what is on screen and still open can stay selected (the list changes under the user's eyes).
  const chosen = selectable.filter((alert) => selected.has(alert.id)).map((alert) => alert.id);
  const total = alerts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ALERTS_PAGE_SIZE));
  const matchingCount = openMatching.data;

  const run = (request: AckRequest, after?: () => void) =>
    acknowledge.mutate(request, {
      onSuccess: (result) => {
        const n = result.acknowledged;
        toast({
          title: n === 0 ? 'Nothing to acknowledge' : `${n} alert${n === 1 ? '' : 's'} acknowledged`,
          ...(result.already_acknowledged > 0
            ? { description: `${result.already_acknowledged} had already been acknowledged.` }
            : {}),
        });
        setSelected(new Set());
        after?.();
      },
      onError: (error) => toast({ title: 'Acknowledging failed', description: error.message, tone: 'error' }),
    });

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="alerts-title" className="mx-auto max-w-5xl space-y-4">
      <LiveHeading id="alerts-title" title="Alerts" />
      <AlertsNav />
      <form
        aria-label="Filter alerts"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      >
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(event) => set('status', event.target.value === 'open' ? '' : event.target.value)}
          options={STATUSES}
        />
        <SeverityFilterSelect value={severity} onChange={(value) => set('severity', value)} />
        <label className="block space-y-1">
          <span className="text-sm font-medium">Source</span>
          <input
            type="search"
            name="source"
            value={source}
            maxLength={requestBounds.acknowledgeAlerts.source_name.maxLength}
            placeholder="e.g. camera_offline"
            onChange={(event) => set('source', event.target.value)}
            className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 dark:border-slate-700"
          />
        </label>
        <CameraFilterSelect value={cameraId} onChange={(value) => set('camera', value)} />
      </form>

      <div className="flex flex-wrap items-center gap-2">
        <Button
          tone="primary"
          disabled={chosen.length === 0 || acknowledge.isPending}
          onClick={() => run({ ids: chosen })}
        >
          Acknowledge selected ({chosen.length})
        </Button>
        <Button
          disabled={status === 'acknowledged' || !matchingCount || acknowledge.isPending}
          onClick={() => setConfirmAll(true)}
        >
          Acknowledge all matching ({matchingCount ?? '…'})
        </Button>
        {acknowledge.isPending && <Spinner label="Acknowledging…" />}
      </div>

      {alerts.isPending ? (
        <Spinner label="Loading alerts…" />
      ) : alerts.isError ? (
        <ErrorState message={alerts.error.message} onRetry={() => void alerts.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          {status === 'open' && !filters.severity && !filters.source_name && filters.camera_id === undefined
            ? 'No unacknowledged alerts. New ones appear here as they are raised.'
            : 'No alert matches these filters.'}
        </p>
      ) : (
        <>
          {alerts.isFetching && !alerts.isPending && <span className="sr-only">Updating…</span>}
          {selectable.length > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-sky-700"
                checked={chosen.length === selectable.length}
                onChange={(event) =>
                  setSelected(new Set(event.target.checked ? selectable.map((a) => a.id) : []))
                }
              />
              Select every unacknowledged alert on this page
            </label>
          )}
          <ul
            aria-label="Alerts, newest first"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {rows.map((alert) => (
              <AlertRow
                key={alert.id}
                alert={alert}
                cameraName={alert.camera_id === null ? null : cameraNames.get(alert.camera_id)}
                selected={selected.has(alert.id)}
                onSelect={(on) => toggle(alert.id, on)}
                onAcknowledge={() => run({ ids: [alert.id] })}
                busy={acknowledge.isPending}
                incident={incidentFor(alert)}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            summary={`${total} alerts`}
            onPage={(next) => set('page', next === 0 ? '' : String(next + 1))}
          />
        </>
      )}

      <Dialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Acknowledge all matching alerts?"
        description={`Every unacknowledged alert matching ${describe(filters, filters.camera_id === undefined ? undefined : cameraNames.get(filters.camera_id))} is acknowledged — ${matchingCount ?? 0} now, and any that match by the time you confirm.`}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setConfirmAll(false)}>Cancel</Button>
          <Button
            tone="primary"
            disabled={acknowledge.isPending}
            onClick={() =>
              run({ matching: { ...filters, acknowledged: undefined } }, () => setConfirmAll(false))
            }
          >
            Acknowledge all matching
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function AlertRow({
  alert,
  cameraName,
  selected,
  onSelect,
  onAcknowledge,
  busy,
  incident,
}: {
  alert: Alert;
  cameraName: string | null | undefined;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAcknowledge: () => void;
  busy: boolean;
  /** the incident the alert belongs to, when it has one */
  incident: ReviewItem | undefined;
}) {
  const seenLast = lastSeen(alert);
  return (
    <li data-alert-id={alert.id} className="flex gap-3 px-4 py-3">
      <div className="w-5 shrink-0 pt-0.5">
        {!alert.acknowledged && (
          <input
            type="checkbox"
            className="size-4 accent-sky-700"
            aria-label={`Select: ${alert.title}`}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        )}
      </div>
      {incident && <IncidentLink item={incident} />}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <SeverityBadge severity={alert.severity} />
          <span className="font-medium break-words">{alert.title}</span>
        </div>
        {alert.message && (
          <p className="text-sm break-words text-slate-700 dark:text-slate-200">{alert.message}</p>
        )}
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={alert.created_at}>{dateTime(alert.created_at)}</time>
          {seenLast && (
            <span>
              last seen <time dateTime={seenLast}>{dateTime(seenLast)}</time>
            </span>
          )}
          {alert.camera_id !== null && (
            <Link
              to={`/cameras/${alert.camera_id}`}
              className="text-sky-700 hover:underline dark:text-sky-400"
            >
              {cameraName ?? `Camera ${alert.camera_id}`}
            </Link>
          )}
          {incident && (
            <Link to={`/review/${incident.id}`} className="text-sky-700 hover:underline dark:text-sky-400">
              Incident
            </Link>
          )}
          {alert.camera_id !== null && (
            <Link
              to={footageAt(alert.camera_id, alertMoment(alert)!.at)}
              aria-label={`Footage of: ${alert.title}`}
              className="text-sky-700 hover:underline dark:text-sky-400"
            >
              Footage
            </Link>
          )}
          <span>source: {alert.source_name}</span>
          {alert.acknowledged && (
            <span>
              Acknowledged{alert.acknowledged_by ? ` by ${alert.acknowledged_by}` : ''}
              {alert.acknowledged_at ? ` at ${dateTime(alert.acknowledged_at)}` : ''}
            </span>
          )}
        </p>
      </div>
      {!alert.acknowledged && (
        <Button
          className="shrink-0 self-start"
          disabled={busy}
          onClick={onAcknowledge}
          aria-label={`Acknowledge: ${alert.title}`}
        >
          Acknowledge
        </Button>
      )}
    </li>
  );
}

/**
 * When an AI rule's alert last saw its scene (`data.last_seen_at`: it follows its incident, alert.updated), when
 * that is later than its raising.
 */
function lastSeen(alert: Alert): string | null {
  const at = alert.data?.last_seen_at;
  if (typeof at !== 'string' || !(Date.parse(at) - Date.parse(alert.created_at) >= 1000)) return null;
  return at;
}

/** The moment an alert is about: the picture that raised it (`data.at`) when it says, else when it was raised. */
function alertMoment(alert: Alert): Moment | null {
  if (alert.camera_id === null) return null;
  const at = alert.data?.at;
  return { cameraId: alert.camera_id, at: typeof at === 'number' ? at : Date.parse(alert.created_at) };
}
