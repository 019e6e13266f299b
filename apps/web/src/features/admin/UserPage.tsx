import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { NotFound } from '../shell/NotFound';
import { CARD, MUTED, dateTime } from './format';
import { useDeactivateUser, useUpdateUser, useUser } from './queries';
import { ResetPasswordForm } from './ResetPasswordForm';
import type { User } from './types';
import { UserGrants } from './UserGrants';

/** Active or not, administrator or not: each one button, each saying what it does. */
function AccountStatus({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const deactivate = useDeactivateUser(user.id);
  const toast = useToast();
  const busy = update.isPending || deactivate.isPending;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({
        title: 'That did not work',
        description: error instanceof Error ? error.message : undefined,
        tone: 'error',
      });
    }
  };

  return (
    <section aria-labelledby="status-title" className={CARD}>
      <h2 id="status-title" className="font-semibold">
        Account
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Status</dt>
        <dd>{user.is_active ? 'Active' : 'Deactivated'}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Role</dt>
        <dd>{user.is_superuser ? 'Administrator' : 'User'}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Email</dt>
        <dd>{user.email ?? '—'}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Last sign-in</dt>
        <dd>{dateTime(user.last_login_at)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {user.is_active ? (
          <Button
            tone="danger"
            disabled={busy}
            onClick={() => void run(() => deactivate.mutateAsync(), `${user.username} deactivated`)}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            disabled={busy}
            onClick={() =>
              void run(() => update.mutateAsync({ is_active: true }), `${user.username} reactivated`)
            }
          >
            Reactivate
          </Button>
        )}
        <Button
          disabled={busy}
          onClick={() =>
            void run(
              () => update.mutateAsync({ is_superuser: !user.is_superuser }),
              user.is_superuser
                ? `${user.username} is no longer an administrator`
                : `${user.username} is now an administrator`,
            )
          }
        >
          {user.is_superuser ? 'Remove administrator role' : 'Make administrator'}
        </Button>
      </div>
      <p className={MUTED}>
        Deactivating ends the account&apos;s sessions at once; its cameras and grants stay.
      </p>
    </section>
  );
}

/** One account: its status and role, a password reset, and its rights on every camera. */
export function UserPage() {
  const id = Number(useParams().userId);
  if (!Number.isInteger(id) || id < 1) return <NotFound what="user" />;
  return <UserView id={id} />;
}

function UserView({ id }: { id: number }) {
  const user = useUser(id);
  if (user.isPending) return <Spinner label="Loading the account…" />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.status === 404) return <NotFound what="user" />;
    return <ErrorState message={user.error.message} onRetry={() => void user.refetch()} />;
  }
  return (
    <section aria-labelledby="user-title" className="space-y-4">
      <div>
        <Link to="/admin/users" className="text-sm text-sky-700 underline dark:text-sky-400">
          All users
        </Link>
        <h1 id="user-title" className="text-xl font-semibold">
          {user.data.username}
        </h1>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <AccountStatus user={user.data} />
        <ResetPasswordForm user={user.data} />
      </div>
      <UserGrants user={user.data} />
    </section>
  );
}
