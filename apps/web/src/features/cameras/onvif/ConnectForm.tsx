import { useEffect, useRef, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/FormError';
import { TextField } from '../../../components/TextField';
import { useBoundedForm } from '../../../lib/useBoundedForm';
import { useInspectDevice, type DeviceAccess, type DeviceInspection } from './queries';

/**
 * The device's address and its ONVIF account; "Connect" inspects it. The recorder's refusals land where they
 * belong: a refused password at the password field, a host only an administrator may use at the address, and an
 * unreachable or misbehaving device as the form's error in the recorder's words (which name the ONVIF call).
 */
export function ConnectForm({
  initial,
  focusOnOpen = false,
  onConnected,
}: {
  initial: Omit<DeviceAccess, 'password'>;
  /** a device was just chosen above: take the user to its account fields (on a phone the form is far below) */
  focusOnOpen?: boolean;
  onConnected: (access: DeviceAccess, inspection: DeviceInspection) => void;
}) {
  const form = useBoundedForm('inspectOnvifDevice', { ...initial, password: '' });
  const inspect = useInspectDevice();
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnOpen) element.current?.querySelector<HTMLInputElement>('[name="username"]')?.focus();
  }, [focusOnOpen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      const access = { ...form.values };
      onConnected(access, await inspect.mutateAsync(access));
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <form
      ref={element}
      noValidate
      aria-labelledby="connect-title"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="connect-title" className="text-base font-semibold">
        Connect to the device
      </h2>
      <TextField
        label="Device address"
        {...form.field('xaddr')}
        type="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="http://192.168.1.20/onvif/device_service"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Device username"
          {...form.field('username')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Device password (never shown again)"
          {...form.field('password')}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={inspect.isPending}>
        {inspect.isPending ? 'Connecting…' : 'Connect'}
      </Button>
    </form>
  );
}
