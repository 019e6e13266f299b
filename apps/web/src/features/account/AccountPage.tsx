import { useState } from 'react';
import { signOut } from '../../api/session';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { setTheme, useTheme, type Theme } from '../../lib/theme';
import { ChangePasswordForm } from './ChangePasswordForm';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const CARD =
  'space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** The signed-in person's own account: password, sessions, appearance. */
export function AccountPage({ username, isSuperuser }: { username: string; isSuperuser: boolean }) {
  const theme = useTheme();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="account-title" className="mx-auto max-w-xl space-y-5">
      <div>
        <h1 id="account-title" className="text-xl font-semibold">
          Account
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Signed in as <strong>{username}</strong>
          {isSuperuser ? ' (administrator)' : ''}.
        </p>
      </div>
      <section aria-labelledby="password-title" className={CARD}>
        <h2 id="password-title" className="font-semibold">
          Password
        </h2>
        <ChangePasswordForm username={username} />
      </section>
      <section aria-labelledby="sessions-title" className={CARD}>
        <h2 id="sessions-title" className="font-semibold">
          Sessions
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Signs this account out on every browser and device, this one included — for a lost phone or a shared
          computer.
        </p>
        <Button tone="danger" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </section>
      <section aria-labelledby="appearance-title" className={CARD}>
        <h2 id="appearance-title" className="font-semibold">
          Appearance
        </h2>
        <SelectField
          label="Theme"
          name="theme"
          value={theme}
          options={THEMES}
          onChange={(event) => setTheme(event.target.value as Theme)}
        />
      </section>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every browser and device signed in to this account will have to sign in again."
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button tone="danger" onClick={() => void signOut(true)}>
            Sign out everywhere
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
