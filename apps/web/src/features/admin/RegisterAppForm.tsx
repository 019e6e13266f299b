import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useRegisterApp } from './queries';
import { AdminForm } from './AdminForm';

const EMPTY = { url: '', 'manifest.id': '', 'manifest.name': '', 'manifest.version': '' };

/** Registers an app by hand (apps can also register themselves with a key); its new key goes to `onKey`. */
export function RegisterAppForm({ onKey }: { onKey: (key: string) => void }) {
  const form = useBoundedForm('registerApp', EMPTY);
  const [admin, setAdmin] = useState(false);
  const [wantsKey, setWantsKey] = useState(true);
  const register = useRegisterApp();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const v = form.values;
    try {
      const app = await register.mutateAsync({
        url: v.url,
        manifest: {
          id: v['manifest.id'],
          name: v['manifest.name'],
          version: v['manifest.version'],
          permissions: admin ? ['admin'] : [],
        },
        wants_key: wantsKey,
      });
      toast({ title: `App ${app.name} registered` });
      form.setValues(EMPTY);
      if (app.api_key) onKey(app.api_key);
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <AdminForm
      titleId="register-app-title"
      title="Register an app"
      description="A registered app can do nothing until you enable it."
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="App id" placeholder="e.g. door-counter" {...form.field('manifest.id')} />
        <TextField label="Name" {...form.field('manifest.name')} />
        <TextField label="Version" placeholder="1.0.0" {...form.field('manifest.version')} />
        <TextField label="Address" type="url" placeholder="https://" {...form.field('url')} />
      </div>
      <CheckboxField
        name="app-admin"
        label="Administrator rights"
        hint="The app may do anything an administrator may. Leave off to give it camera grants one by one."
        checked={admin}
        onChange={setAdmin}
      />
      <CheckboxField
        name="app-key"
        label="Issue an API key"
        hint="Shown once after registering."
        checked={wantsKey}
        onChange={setWantsKey}
      />
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={register.isPending}>
        Register app
      </Button>
    </AdminForm>
  );
}
