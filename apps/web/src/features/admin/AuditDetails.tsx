import type { AuditEntry } from './types';

/** An entry's details as readable lines: "key: value", nested values as indented JSON. */
export function AuditDetails({ details }: { details: AuditEntry['details'] }) {
  if (
    details === null ||
    details === '' ||
    (typeof details === 'object' && Object.keys(details).length === 0)
  )
    return <span className="text-slate-500">—</span>;
  if (typeof details === 'string') return <span className="break-words">{details}</span>;
  return (
    <details>
      <summary className="cursor-pointer text-sky-700 dark:text-sky-400">
        {Object.keys(details).length} detail{Object.keys(details).length === 1 ? '' : 's'}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {Object.entries(details).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium">{key}</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap">
              {typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : String(value)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
