import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { signIn } from '../../api/session';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';

/**
 * Current password, new password twice. The recorder ends every session of the account when its password
 * changes (this one too), so the app signs straight back in with the new password: the person stays where they were.
 */
export function ChangePasswordForm({
  username,
  submitLabel = 'Change password',
}: {
  username: string;
  submitLabel?: string;
}) {
  const toast = useToast();
  const form = useBoundedForm('changeOwnPassword', { current_password: '', new_password: '' });
  const [repeat, setRepeat] = useState('');
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate();
    const matches = repeat === form.values.new_password;
    setRepeatError(matches ? null : 'The two new passwords differ.');
    if (!valid || !matches) return;
    setBusy(true);
    try {
      unwrap(await api.PUT('/api/v1/users/me/password', { body: form.values }));
      await signIn(username, form.values.new_password);
      toast({
        title: 'Password changed',
        description: 'Every other session of this account has been signed out.',
      });
      form.setValues({ current_password: '', new_password: '' });
      setRepeat('');
    } catch (error) {
      form.showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-label="Change password"
    >
      <FormError message={form.formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('current_password')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('new_password')}
      />
      <TextField
        label="New password again"
        name="repeat_password"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        error={repeatError}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Button tone="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
