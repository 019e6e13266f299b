import type { RestoreReport } from './types';

/** The restore's answer per section: how many rows would be (or were) added, changed and removed. */
export function RestoreReportTable({ report }: { report: RestoreReport }) {
  const sections = Object.entries(report.sections);
  const differing = sections.filter(([, change]) => change.added + change.changed + change.removed > 0);
  return (
    <div className="space-y-2">
      <p className="text-sm">
        {report.dry_run ? 'Dry run: nothing was changed. ' : 'Restored. '}
        Backup made {new Date(report.backup_created_at).toLocaleString()} by version{' '}
        {report.backup_server_version}.{' '}
        {differing.length === 0
          ? 'It matches this recorder exactly.'
          : `${differing.length} section${differing.length === 1 ? '' : 's'} ${report.dry_run ? 'would change' : 'changed'}.`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {report.dry_run ? 'What the restore would change' : 'What the restore changed'}
          </caption>
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Section
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Added
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Changed
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Removed
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Same
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {sections.map(([name, change]) => (
              <tr
                key={name}
                className={change.added + change.changed + change.removed > 0 ? 'font-semibold' : ''}
              >
                <th scope="row" className="py-1 pr-3 font-mono text-xs">
                  {name}
                </th>
                <td className="px-2 py-1 text-right">{change.added}</td>
                <td className="px-2 py-1 text-right">{change.changed}</td>
                <td className="px-2 py-1 text-right">{change.removed}</td>
                <td className="px-2 py-1 text-right">{change.unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
