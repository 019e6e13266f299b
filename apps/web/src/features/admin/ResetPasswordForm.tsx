import type { FormEvent } from 'react';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useUpdateUser } from './queries';
import type { User } from './types';
import { AdminForm } from './AdminForm';

/** A new password for someone who lost theirs; the administrator hands it over. */
export function ResetPasswordForm({ user }: { user: User }) {
  const form = useBoundedForm('updateUser', { password: '' });
  const update = useUpdateUser(user.id);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The password is optional in a general update; here it is the whole point.
    if (!form.values.password) return form.showError(new Error('Enter the new password.'));
    if (!form.validate()) return;
    try {
      await update.mutateAsync({ password: form.values.password });
      toast({ title: `Password of ${user.username} reset` });
      form.setValues({ password: '' });
    } catch (error) {
      form.showError(error);
    }
  };

  return (
    <AdminForm
      titleId="reset-title"
      title="Reset password"
      description="Replaces the password; tell the person the new one."
      onSubmit={submit}
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <FormError message={form.formError} />
      <Button type="submit" disabled={update.isPending}>
        Reset password
      </Button>
    </AdminForm>
  );
}
