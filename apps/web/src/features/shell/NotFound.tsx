import { Link } from 'react-router';

/** An unknown address, or something the signed-in user may not see (the recorder answers 404 for both). */
export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <section className="mx-auto max-w-md py-16 text-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="text-2xl font-semibold">
        {what === 'page' ? 'Page not found' : `This ${what} was not found`}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        It does not exist, or your account may not see it.
      </p>
      <Link to="/live" className="mt-6 inline-block text-sky-700 underline dark:text-sky-400">
        Back to the live view
      </Link>
    </section>
  );
}
