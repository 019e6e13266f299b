import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { CreateUserForm } from './CreateUserForm';
import { dateTime } from './format';
import { USERS_PAGE, useUsers } from './queries';
import type { User } from './types';
import { AdminPage } from './AdminPage';

function roleOf(user: User): string {
  return user.is_superuser ? 'Administrator' : 'User';
}

/** Every account, each a link to its own page, and the form for a new one. */
export function UsersPage() {
  const [page, setPage] = useState(0);
  const users = useUsers(page);

  return (
    <AdminPage id="users" title="Users">
      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : users.isError ? (
        <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  User
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Role
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Last sign-in
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {users.data.users.map((user) => (
                <tr key={user.id}>
                  <td className="px-4 py-2">
                    <Link
                      to={`/admin/users/${user.id}`}
                      className="font-medium text-sky-700 underline dark:text-sky-400"
                    >
                      {user.username}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{roleOf(user)}</td>
                  <td className="px-4 py-2">{user.is_active ? 'Active' : 'Deactivated'}</td>
                  <td className="hidden px-4 py-2 sm:table-cell">{dateTime(user.last_login_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && (
        <Pager
          page={page}
          pages={Math.ceil(users.data.total / USERS_PAGE)}
          summary={`${users.data.total} users`}
          onPage={setPage}
        />
      )}
      <CreateUserForm />
    </AdminPage>
  );
}
