import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const TONES = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800',
  secondary: 'border border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  quiet: 'hover:bg-slate-100 dark:hover:bg-slate-800',
} as const;

export type ButtonTone = keyof typeof TONES;

const SHAPE =
  'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

/** The app's button: one look per purpose, so a destructive action never looks like a harmless one. */
export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { tone?: ButtonTone }
>(function Button({ tone = 'secondary', className = '', type = 'button', ...rest }, ref) {
  return <button ref={ref} type={type} className={`${SHAPE} ${TONES[tone]} ${className}`} {...rest} />;
});

/** A link that leads to a screen where an action happens ("Add camera"), dressed like the button for it. */
export function ButtonLink({
  tone = 'secondary',
  className = '',
  ...link
}: LinkProps & { tone?: ButtonTone }) {
  return <Link className={`${SHAPE} ${TONES[tone]} ${className}`} {...link} />;
}
