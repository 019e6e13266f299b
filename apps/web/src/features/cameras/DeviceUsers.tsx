import { useState, type FormEvent } from 'react';
import { requestBounds } from '../../api/bounds';
import { fieldProblem } from '../../api/field-bounds';
import type { Camera, DeviceUser } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useCreateDeviceUser, useDeleteDeviceUser, useDeviceUsers } from './queries';

type Level = (typeof requestBounds.createDeviceUser.level.enum)[number];
/** New accounts start at the middle level: enough to watch and steer, not to reconfigure the camera. */
const FIRST_LEVEL: Level = 'Operator';
/** ONVIF usually answers on HTTP port 80, apart from the camera's RTSP port. */
const USUAL_ONVIF_PORT = '80';
/** A TCP port: the same bounds as the camera's own port. */
const PORT_BOUNDS = requestBounds.createCamera.port;

function CreateDeviceUserForm({ camera, onvifPort }: { camera: Camera; onvifPort: number }) {
  const form = useBoundedForm('createDeviceUser', { username: '', password: '', level: FIRST_LEVEL });
  const create = useCreateDeviceUser(camera.id, onvifPort);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await create.mutateAsync({
        username: form.values.username,
        password: form.values.password,
        level: form.values.level as Level,
      });
      toast({ title: `Account ${form.values.username} created on the camera` });
      form.setValues({ username: '', password: '', level: FIRST_LEVEL });
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="new-device-user-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="new-device-user-title" className="text-base font-semibold">
        New account on the camera
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Username" autoComplete="off" spellCheck={false} {...form.field('username')} />
        <TextField
          label="Password (sent to the camera, never stored)"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <SelectField
          label="Level"
          options={requestBounds.createDeviceUser.level.enum.map((value) => ({ value, label: value }))}
          {...form.field('level')}
        />
      </div>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={create.isPending}>
        Create account
      </Button>
    </form>
  );
}

/**
 * Accounts on the camera itself (ONVIF GetUsers/CreateUsers/DeleteUsers), reached with the camera's stored
 * credentials on its ONVIF port. The recorder's own account cannot be deleted.
 */
export function DeviceUsers({ camera }: { camera: Camera }) {
  const [portText, setPortText] = useState(USUAL_ONVIF_PORT);
  const [portError, setPortError] = useState<string | null>(null);
  const [onvifPort, setOnvifPort] = useState(Number(USUAL_ONVIF_PORT));
  const users = useDeviceUsers(camera.id, onvifPort);
  const remove = useDeleteDeviceUser(camera.id, onvifPort);
  const [deleting, setDeleting] = useState<DeviceUser | null>(null);
  const toast = useToast();

  const applyPort = (event: FormEvent) => {
    event.preventDefault();
    const problem = fieldProblem({ ...PORT_BOUNDS, required: true }, portText);
    setPortError(problem);
    if (!problem) setOnvifPort(Number(portText));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.username);
      toast({ title: `Account ${deleting.username} deleted from the camera` });
      setDeleting(null);
    } catch {
      // remove.error is shown in the dialog
    }
  };

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={applyPort} className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <TextField
            label="ONVIF port"
            name="onvif_port"
            inputMode="numeric"
            value={portText}
            error={portError}
            onChange={(event) => setPortText(event.target.value)}
          />
        </div>
        <Button type="submit">Load accounts</Button>
      </form>
      <section
        aria-labelledby="device-users-title"
        className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="device-users-title" className="text-base font-semibold">
          Accounts on {camera.name}
        </h2>
        {users.isPending ? (
          <Spinner label="Asking the camera…" />
        ) : users.isError ? (
          <ErrorState
            message={`Could not list the accounts on the camera: ${users.error.message}`}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">The camera lists no accounts.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {users.data.map((user) => (
              <li key={user.username} className="flex items-center gap-3 py-2 text-sm">
                <span className="font-medium">{user.username}</span>
                <span className="text-slate-600 dark:text-slate-300">{user.level}</span>
                <Button
                  tone="quiet"
                  className="ml-auto"
                  aria-label={`Delete account ${user.username}`}
                  onClick={() => {
                    remove.reset();
                    setDeleting(user);
                  }}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateDeviceUserForm camera={camera} onvifPort={onvifPort} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.username ?? ''} from the camera?`}
        description="Whoever signs in to the camera with this account will no longer be able to."
      >
        <FormError message={remove.error?.message} />
        <div className="mt-4 flex justify-end gap-3">
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button tone="danger" disabled={remove.isPending} onClick={() => void confirmDelete()}>
            Delete account
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
