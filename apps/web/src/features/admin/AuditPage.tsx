import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useUserDirectory } from '../cameras/queries';
import { AuditDetails } from './AuditDetails';
import { CARD, MUTED, dateTime } from './format';
import { AUDIT_PAGE, useAuditLog } from './queries';

interface Filters {
  user: string;
  action: string;
  entityType: string;
  since: string;
  until: string;
}

const NO_FILTERS: Filters = { user: '', action: '', entityType: '', since: '', until: '' };

/** A `datetime-local` value (the viewer's time) as the API's UTC timestamp. */
const utc = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** Who did what and when: newest first, paged, filtered by user, action, entity and time. */
export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  // The list follows the applied filters, not each keystroke.
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const users = useUserDirectory(true);
  const log = useAuditLog({
    skip: page * AUDIT_PAGE,
    limit: AUDIT_PAGE,
    ...(filters.user ? { user_id: Number(filters.user) } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.entityType ? { entity_type: filters.entityType } : {}),
    ...(filters.since ? { since: utc(filters.since) } : {}),
    ...(filters.until ? { until: utc(filters.until) } : {}),
  });

  const edit = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(0);
  };

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h1 id="audit-title" className="text-xl font-semibold">
        Audit log
      </h1>
      <form onSubmit={apply} aria-label="Filter the audit log" className={CARD}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            label="User"
            name="user"
            value={draft.user}
            onChange={edit('user')}
            options={[
              { value: '', label: 'Anyone' },
              ...(users.data?.users ?? []).map((user) => ({ value: String(user.id), label: user.username })),
            ]}
          />
          <TextField
            label="Action"
            name="action"
            placeholder="e.g. user.create"
            value={draft.action}
            onChange={edit('action')}
          />
          <TextField
            label="Entity"
            name="entity"
            placeholder="e.g. camera"
            value={draft.entityType}
            onChange={edit('entityType')}
          />
          <TextField
            label="From"
            name="since"
            type="datetime-local"
            value={draft.since}
            onChange={edit('since')}
          />
          <TextField
            label="Until"
            name="until"
            type="datetime-local"
            value={draft.until}
            onChange={edit('until')}
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" tone="primary">
            Filter
          </Button>
          <Button
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
              setPage(0);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <Spinner label="Loading the audit log…" />
      ) : log.isError ? (
        <ErrorState message={log.error.message} onRetry={() => void log.refetch()} />
      ) : log.data.logs.length === 0 ? (
        <p className={MUTED}>No entries match. Clear the filters or widen the time range.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Entity
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
              {log.data.logs.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-3 py-2 sm:whitespace-nowrap">{dateTime(entry.timestamp)}</td>
                  <td className="px-3 py-2">
                    {entry.username ?? (entry.user_id ? `#${entry.user_id}` : 'system')}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                  <td className="px-3 py-2">
                    {entry.entity_type ?? '—'}
                    {entry.entity_id ? ` ${entry.entity_id}` : ''}
                  </td>
                  <td className="px-3 py-2">
                    <AuditDetails details={entry.details} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.data && (
        <Pager
          page={page}
          pages={Math.ceil(log.data.total / AUDIT_PAGE)}
          summary={`${log.data.total} entries`}
          onPage={setPage}
        />
      )}
    </section>
  );
}
