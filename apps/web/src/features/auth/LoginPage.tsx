import { useState, type FormEvent } from 'react';
import { SignInError, signIn } from '../../api/session';
import { TextField } from '../../components/TextField';

/** Sign-in. Says plainly what went wrong: wrong password, a lockout and for how long, a recorder that is down. */
export function LoginPage({ notice }: { notice: string | null }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await signIn(username, password);
    } catch (error) {
      if (error instanceof SignInError && error.kind === 'locked') {
        const wait = error.retryAfterSeconds;
        setProblem(
          `${error.message} Try again in ${wait === null ? 'a few minutes' : wait > 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`}.`,
        );
      } else {
        setProblem(error instanceof Error ? error.message : 'Signing in failed.');
      }
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="grid min-h-screen place-items-center p-4">
      <form
        onSubmit={(event) => void submit(event)}
        className="w-full max-w-sm space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title" className="text-xl font-semibold">
          Sign in to your recorder
        </h1>
        {notice && !problem && (
          <p
            role="status"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {notice}
          </p>
        )}
        {problem && (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {problem}
          </p>
        )}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60"
        >
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
