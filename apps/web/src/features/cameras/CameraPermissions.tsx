import { useState, type FormEvent } from 'react';
import type { Camera, CameraPermissionEntry } from '../../api/types';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import {
  useCameraPermissions,
  useGrantPermission,
  useMe,
  useRevokePermission,
  useUserDirectory,
} from './queries';

/** The two grants a user can hold; "manage" includes "view". */
const RIGHTS = [
  { value: 'view', label: 'View' },
  { value: 'manage', label: 'View and manage' },
];

function rightsOf(entry: CameraPermissionEntry): string {
  if (entry.is_owner) return 'Owner (every right)';
  if (entry.can_manage) return 'View and manage';
  return entry.can_view ? 'View' : 'No rights';
}

function nameOf(entry: { user_id: number; username: string | null }): string {
  return entry.username ?? `User #${entry.user_id}`;
}

/**
 * Give a user view or manage rights (the API upserts, so it also changes a grant). Only superusers may list
 * accounts: they pick a name; a camera owner who is not a superuser enters the user's id.
 */
function GrantForm({
  camera,
  isSuperuser,
  granted,
}: {
  camera: Camera;
  isSuperuser: boolean;
  granted: CameraPermissionEntry[];
}) {
  const form = useBoundedForm('grantCameraPermission', { user_id: '' });
  const [rights, setRights] = useState('view');
  const grant = useGrantPermission(camera.id);
  const directory = useUserDirectory(isSuperuser);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await grant.mutateAsync({
        user_id: Number(form.values.user_id),
        can_view: true,
        can_manage: rights === 'manage',
      });
      toast({ title: 'Access granted' });
      form.setValues({ user_id: '' });
    } catch (error) {
      form.showError(error);
    }
  };

  const candidates = (directory.data?.users ?? []).filter(
    (user) => user.id !== camera.owner_id && user.is_active,
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="grant-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="grant-title" className="text-base font-semibold">
        Grant or change access
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {isSuperuser && directory.isPending ? (
          <Spinner label="Loading accounts…" />
        ) : isSuperuser && directory.isSuccess ? (
          <SelectField
            label="User"
            options={[
              { value: '', label: 'Choose a user…' },
              ...candidates.map((user) => ({
                value: String(user.id),
                label: granted.some((entry) => entry.user_id === user.id)
                  ? `${user.username} (has access)`
                  : user.username,
              })),
            ]}
            {...form.field('user_id')}
          />
        ) : (
          <TextField label="User id" inputMode="numeric" {...form.field('user_id')} />
        )}
        <SelectField
          label="Rights"
          name="rights"
          options={RIGHTS}
          value={rights}
          onChange={(event) => setRights(event.target.value)}
        />
      </div>
      {!isSuperuser && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Only an administrator can list accounts: ask them for the user&apos;s id.
        </p>
      )}
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={grant.isPending}>
        Grant access
      </Button>
    </form>
  );
}

/** Who may see or manage the camera: the owner first, then each grant, with revoke. */
export function CameraPermissions({ camera }: { camera: Camera }) {
  const permissions = useCameraPermissions(camera.id);
  const me = useMe();
  const revoke = useRevokePermission(camera.id);
  const toast = useToast();

  if (permissions.isPending || me.isPending) return <Spinner label="Loading who has access…" />;
  if (permissions.isError)
    return <ErrorState message={permissions.error.message} onRetry={() => void permissions.refetch()} />;
  if (me.isError) return <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />;
  // Granting and revoking are the owner's and superusers' (managers may only look).
  const mayGrant = me.data.is_superuser || me.data.id === camera.owner_id;

  const revokeFrom = async (entry: CameraPermissionEntry) => {
    try {
      await revoke.mutateAsync(entry.user_id);
      toast({ title: `${nameOf(entry)} no longer has access` });
    } catch (error) {
      toast({
        title: 'Revoking failed',
        description: error instanceof Error ? error.message : undefined,
        tone: 'error',
      });
    }
  };

  return (
    <div className="space-y-4">
      <section
        aria-labelledby="access-title"
        className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="access-title" className="px-4 pt-4 text-base font-semibold">
          Who has access
        </h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                User
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Rights
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {permissions.data.map((entry) => (
              <tr key={entry.user_id}>
                <td className="px-4 py-2 font-medium">{nameOf(entry)}</td>
                <td className="px-4 py-2">{rightsOf(entry)}</td>
                <td className="px-4 py-2 text-right">
                  {!entry.is_owner && mayGrant && (
                    <Button
                      tone="quiet"
                      aria-label={`Revoke access of ${nameOf(entry)}`}
                      disabled={revoke.isPending}
                      onClick={() => void revokeFrom(entry)}
                    >
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {permissions.data.length === 1 && (
          <p className="px-4 pb-4 text-sm text-slate-600 dark:text-slate-300">
            Only the owner has access so far.
          </p>
        )}
      </section>
      {mayGrant ? (
        <GrantForm camera={camera} isSuperuser={me.data.is_superuser} granted={permissions.data} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Only the camera&apos;s owner or an administrator can grant or revoke access.
        </p>
      )}
    </div>
  );
}
