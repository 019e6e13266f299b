/**
 * Polls until `check` returns a value (not undefined/false), for conditions that live in another process and
 * announce nothing (a file growing, a server restarting). Rejects with the last error after `timeoutMs`, or at
 * once with the signal's reason when it aborts.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  {
    timeoutMs = 30_000,
    intervalMs = 200,
    what = 'condition',
    signal,
  }: { timeoutMs?: number; intervalMs?: number; what?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    // What is waited for can no longer come (e.g. the process exited): fail at once, with the reason.
    signal?.throwIfAborted();
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${what}${lastError instanceof Error ? `: ${lastError.message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
