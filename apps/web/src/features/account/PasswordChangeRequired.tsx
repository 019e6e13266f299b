import { signOut } from '../../api/session';
import { Button } from '../../components/Button';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * First start: the account still has the password the recorder generated and printed. Nothing else opens until
 * it is replaced by one the owner chose (the generated one also sits in a file on the recorder's disk).
 */
export function PasswordChangeRequired({ username }: { username: string }) {
  return (
    <main className="grid min-h-screen place-items-center p-4">
      <section
        aria-labelledby="first-password-title"
        className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 id="first-password-title" className="text-xl font-semibold">
          Choose your own password
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <strong>{username}</strong> still has the password the recorder generated on its first start.
          Replace it before you go on; the generated one stops working.
        </p>
        <ChangePasswordForm username={username} submitLabel="Save and continue" />
        <Button tone="quiet" onClick={() => void signOut()}>
          Sign out
        </Button>
      </section>
    </main>
  );
}
