import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useCreateUser } from './queries';
import { AdminForm } from './AdminForm';

const EMPTY = { username: '', password: '', email: '' };

/** A new account with a first password the administrator hands over; optionally an administrator itself. */
export function CreateUserForm() {
  const form = useBoundedForm('createUser', EMPTY);
  const [superuser, setSuperuser] = useState(false);
  const create = useCreateUser();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const { username, password, email } = form.values;
    try {
      await create.mutateAsync({
        username,
        password,
        email: email || null,
        is_active: true,
        is_superuser: superuser,
      });
      toast({ title: `Account ${username} created` });
      form.setValues(EMPTY);
      setSuperuser(false);
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <AdminForm
      titleId="new-user-title"
      title="New user"
      description="Give the person their first password yourself; they can change it on their account."
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Username" autoComplete="off" {...form.field('username')} />
        <TextField
          label="First password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField label="Email (optional)" type="email" {...form.field('email')} />
      </div>
      <CheckboxField
        name="new-superuser"
        label="Administrator"
        hint="Sees every camera and may change users and system settings."
        checked={superuser}
        onChange={setSuperuser}
      />
      <FormError message={form.formError} />
      <Button type="submit" tone="primary" disabled={create.isPending}>
        Create user
      </Button>
    </AdminForm>
  );
}
