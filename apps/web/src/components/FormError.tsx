/** What stopped a form or an action, announced at once; nothing when there is nothing to say. */
export function FormError({
  message,
  className = '',
}: {
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 dark:text-red-300 ${className}`}>
      {message}
    </p>
  );
}
