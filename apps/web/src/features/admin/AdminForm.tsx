import type { FormEvent, ReactNode } from 'react';
import { CARD, MUTED } from './format';

/**
 * An administration form in its card: a heading that names the form (for assistive technology too), an optional
 * line saying what it does, then its fields. Validation is the form's own (bounds from the API schema).
 */
export function AdminForm({
  titleId,
  title,
  description,
  subsection = false,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  description?: ReactNode;
  /** a form inside a panel that has its own heading: an h3 */
  subsection?: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const Heading = subsection ? 'h3' : 'h2';
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={titleId} className={CARD}>
      <Heading id={titleId} className="font-semibold">
        {title}
      </Heading>
      {description && <p className={MUTED}>{description}</p>}
      {children}
    </form>
  );
}
