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
import { AdminPage } from './AdminPage';

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
const COLUMNS = ['When', 'Who', 'Action', 'Entity', 'Details'];
/** A cell: a table cell from `sm` up; below, a line that starts with its column's name. */
const CELL =
  'block px-3 py-0.5 before:mr-2 before:font-sans before:text-sm before:font-medium before:text-slate-500 before:content-[attr(data-label)] dark:before:text-slate-400 sm:table-cell sm:py-2 sm:before:content-none';

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
    <AdminPage id="audit" title="Audit log">
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
          {/*
            A table on wider screens; on a phone each entry is a block of labelled lines instead of a table
            that scrolls sideways. The roles are explicit so the block layout keeps the table's semantics.
          */}
          <table role="table" className="block w-full text-left text-sm sm:table">
            <thead className="hidden text-slate-600 sm:table-header-group dark:text-slate-300">
              <tr role="row">
                {COLUMNS.map((column) => (
                  <th key={column} role="columnheader" scope="col" className="px-3 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody
              role="rowgroup"
              className="block divide-y divide-slate-200 align-top sm:table-row-group dark:divide-slate-800"
            >
              {log.data.logs.map((entry) => (
                <tr key={entry.id} role="row" className="block py-2 sm:table-row sm:py-0">
                  <td role="cell" data-label="When" className={`${CELL} sm:whitespace-nowrap`}>
                    {dateTime(entry.timestamp)}
                  </td>
                  <td role="cell" data-label="Who" className={CELL}>
                    {entry.username ?? (entry.user_id ? `#${entry.user_id}` : 'system')}
                  </td>
                  <td role="cell" data-label="Action" className={`${CELL} font-mono text-xs`}>
                    {entry.action}
                  </td>
                  <td role="cell" data-label="Entity" className={CELL}>
                    {entry.entity_type ?? '—'}
                    {entry.entity_id ? ` ${entry.entity_id}` : ''}
                  </td>
                  <td role="cell" data-label="Details" className={CELL}>
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
    </AdminPage>
  );
}
