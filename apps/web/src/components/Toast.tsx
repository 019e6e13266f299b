import { Toast as Radix } from 'radix-ui';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

type Notify = (message: { title: string; description?: string; tone?: ToastTone }) => void;

const ToastContext = createContext<Notify>(() => undefined);

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-600',
  error: 'border-red-600',
  info: 'border-sky-600',
};

/** Short messages about something that just happened ("Camera saved"), announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const notify = useCallback<Notify>(({ title, description, tone = 'success' }) => {
    setMessages((current) => [
      ...current.slice(-3),
      { id: Date.now() + Math.random(), title, tone, ...(description ? { description } : {}) },
    ]);
  }, []);
  const dismiss = (id: number) => setMessages((current) => current.filter((message) => message.id !== id));

  return (
    <ToastContext.Provider value={notify}>
      <Radix.Provider duration={5000} swipeDirection="right">
        {children}
        {messages.map((message) => (
          <Radix.Root
            key={message.id}
            type={message.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismiss(message.id);
            }}
            className={`rounded-lg border-l-4 bg-white p-3 shadow-lg dark:bg-slate-800 ${TONES[message.tone]}`}
          >
            <Radix.Title className="text-sm font-medium">{message.title}</Radix.Title>
            {message.description && (
              <Radix.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {message.description}
              </Radix.Description>
            )}
            <Radix.Close aria-label="Dismiss" className="absolute top-2 right-2 text-slate-500">
              ×
            </Radix.Close>
          </Radix.Root>
        ))}
        <Radix.Viewport className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-3 [&>li]:relative" />
      </Radix.Provider>
    </ToastContext.Provider>
  );
}

/** `toast({ title: 'Camera saved' })`; errors that belong to a field are shown at the field instead. */
export function useToast(): Notify {
  return useContext(ToastContext);
}
