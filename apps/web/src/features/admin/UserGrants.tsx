import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CARD, MUTED } from './format';
import { useRevokeGrant, useSetGrant, useUserGrants } from './queries';
import type { User } from './types';

type Rights = 'none' | 'view' | 'manage';

const CHOICES: { value: Rights; label: string }[] = [
  { value: 'none', label: 'No access' },
  { value: 'view', label: 'View' },
  { value: 'manage', label: 'View and manage' },
];

function rightsOf(entry: { can_view: boolean; can_manage: boolean } | undefined): Rights {
  if (!entry) return 'none';
  if (entry.can_manage) return 'manage';
  return entry.can_view ? 'view' : 'none';
}

/**
 * The account's rights on every camera, changed in place (the same grants the camera's own "Access" tab edits).
 * The owner of a camera has every right on it and is not edited here.
 */
export function UserGrants({ user }: { user: User }) {
  const { cameras, grants, isPending, error, refetch } = useUserGrants(user.id);
  const setGrant = useSetGrant();
  const revoke = useRevokeGrant();
  const toast = useToast();
  const busy = setGrant.isPending || revoke.isPending;

  const change = async (cameraId: number, cameraName: string, rights: Rights) => {
    try {
      if (rights === 'none') await revoke.mutateAsync({ cameraId, userId: user.id });
      else
        await setGrant.mutateAsync({
          cameraId,
          user_id: user.id,
          can_view: true,
          can_manage: rights === 'manage',
        });
      toast({
        title: `${user.username}: ${CHOICES.find((c) => c.value === rights)?.label} on ${cameraName}`,
      });
    } catch (failure) {
      toast({
        title: 'Changing access failed',
        description: failure instanceof Error ? failure.message : undefined,
        tone: 'error',
      });
    }
  };

  return (
    <section aria-labelledby="grants-title" className={CARD}>
      <h2 id="grants-title" className="font-semibold">
        Camera access
      </h2>
      {user.is_superuser && (
        <p className={MUTED}>
          As an administrator this account sees every camera; these grants apply if it stops being one.
        </p>
      )}
      {isPending ? (
        <Spinner label="Loading camera access…" />
      ) : error ? (
        <ErrorState message={error.message} onRetry={refetch} />
      ) : cameras.length === 0 ? (
        <p className={MUTED}>There are no cameras yet. Add one under Cameras, then grant access here.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {cameras.map((camera) => {
            const entry = grants.get(camera.id);
            return (
              <li key={camera.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium">{camera.name}</span>
                {entry?.is_owner ? (
                  <span className="text-sm">Owner (every right)</span>
                ) : (
                  <select
                    aria-label={`Access to ${camera.name}`}
                    value={rightsOf(entry)}
                    disabled={busy}
                    onChange={(event) => void change(camera.id, camera.name, event.target.value as Rights)}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
                  >
                    {CHOICES.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
