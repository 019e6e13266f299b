import type { ReactNode } from 'react';
import { MUTED } from './format';

/**
 * One admin page: a region named by the page's heading, an optional line on what the page is for, then its
 * panels. `id` names the heading (`<id>-title`).
 */
export function AdminPage({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h1 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h1>
      {intro !== undefined && <p className={MUTED}>{intro}</p>}
      {children}
    </section>
  );
}
