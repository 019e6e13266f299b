import { useState } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CARD, MUTED, dateTime } from './format';
import { OneTimeKeyDialog } from './OneTimeKeyDialog';
import { useAppAction, useApps, useRegisterApp } from './queries';
import { RegisterAppForm } from './RegisterAppForm';
import type { RegisteredApp } from './types';
import { AdminPage } from './AdminPage';

/** One app: what it is, whether it may act, its key, and the actions on it. */
function AppCard({ app, onKey }: { app: RegisteredApp; onKey: (key: string) => void }) {
  const act = useAppAction();
  const register = useRegisterApp();
  const toast = useToast();
  const busy = act.isPending || register.isPending;

  const run = async (action: 'enable' | 'disable' | 'delete', done: string) => {
    try {
      await act.mutateAsync({ id: app.id, action });
      toast({ title: done });
    } catch (error) {
      toast({
        title: 'That did not work',
        description: error instanceof Error ? error.message : undefined,
        tone: 'error',
      });
    }
  };
  // A new key is a registration again with the stored manifest: the old key stops working.
  const newKey = async () => {
    try {
      const answer = await register.mutateAsync({
        url: app.url,
        manifest: app.manifest as RegisteredApp['manifest'] & { id: string; name: string; version: string },
        wants_key: true,
      });
      if (answer.api_key) onKey(answer.api_key);
    } catch (error) {
      toast({
        title: 'No new key',
        description: error instanceof Error ? error.message : undefined,
        tone: 'error',
      });
    }
  };

  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`app-${app.id}`} className="font-semibold">
          {app.name} <span className="font-normal text-slate-600 dark:text-slate-300">{app.version}</span>
        </h3>
        <span className="text-sm font-medium">{app.enabled ? 'Enabled' : 'Not enabled'}</span>
      </div>
      <p className={`${MUTED} break-all`}>
        {app.id} · {app.url}
        {app.permissions.includes('admin') ? ' · administrator rights' : ''}
      </p>
      <p className="text-sm">{app.key_set ? `Key issued ${dateTime(app.key_created_at)}` : 'No key'}</p>
      <div className="flex flex-wrap gap-2">
        {app.enabled ? (
          <Button disabled={busy} onClick={() => void run('disable', `${app.name} disabled`)}>
            Disable
          </Button>
        ) : (
          <Button tone="primary" disabled={busy} onClick={() => void run('enable', `${app.name} enabled`)}>
            Enable
          </Button>
        )}
        <Button disabled={busy} onClick={() => void newKey()}>
          {app.key_set ? 'Replace key' : 'Issue key'}
        </Button>
        <Button tone="danger" disabled={busy} onClick={() => void run('delete', `${app.name} removed`)}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** Apps that use the recorder's API, and their keys (shown once, when issued). */
export function AppsPage() {
  const apps = useApps();
  const [key, setKey] = useState<string | null>(null);
  return (
    <AdminPage id="apps" title="Apps">
      {apps.isPending ? (
        <Spinner label="Loading apps…" />
      ) : apps.isError ? (
        <ErrorState message={apps.error.message} onRetry={() => void apps.refetch()} />
      ) : apps.data.apps.length === 0 ? (
        <p className={MUTED}>No apps yet. Register one below, or let an app register itself.</p>
      ) : (
        <ul className="space-y-3">
          {apps.data.apps.map((app) => (
            <AppCard key={app.id} app={app} onKey={setKey} />
          ))}
        </ul>
      )}
      <RegisterAppForm onKey={setKey} />
      <OneTimeKeyDialog title="The app's key" secret={key} onClose={() => setKey(null)} />
    </AdminPage>
  );
}
