// The background parts of a process, started in one order and stopped in the reverse one. Construction does no
// work; start() runs each part's start in list order, stop() each part's stop from the last part to the first —
// every one of them even when one fails (nothing is left running), the first failure reported at the end.

export interface Part {
  /** what the part is, for error messages */
  name: string;
  start?: () => unknown;
  stop?: () => unknown;
}

export class Lifecycle {
  constructor(private readonly parts: readonly Part[]) {}

  /** Starts every part in order; when one fails, those already started are stopped again and the error thrown. */
  async start(): Promise<void> {
    for (const [index, part] of this.parts.entries()) {
      try {
        await part.start?.();
      } catch (error) {
        await stopAll(this.parts.slice(0, index)).catch(() => undefined);
        throw new Error(`${part.name} did not start`, { cause: error });
      }
    }
  }

  /** Stops every part, last first. */
  stop(): Promise<void> {
    return stopAll(this.parts);
  }

  /** The parts' names in start order (tests, docs). */
  get names(): string[] {
    return this.parts.map((part) => part.name);
  }
}

async function stopAll(parts: readonly Part[]): Promise<void> {
  let failure: Error | null = null;
  for (const part of [...parts].reverse()) {
    try {
      await part.stop?.();
    } catch (error) {
      failure ??= new Error(`${part.name} did not stop cleanly`, { cause: error });
    }
  }
  if (failure) throw failure;
}
