import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A modal dialog (Radix: focus trapped and restored, Escape closes, announced with its title). The content is
 * scrollable, so a long form stays usable on a phone.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Radix.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900"
          // Without a description Radix warns on the console; say explicitly that there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
          {description && (
            <Radix.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </Radix.Description>
          )}
          <div className="mt-4">{children}</div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
