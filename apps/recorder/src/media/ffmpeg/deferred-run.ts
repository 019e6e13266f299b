// A supervised run whose ffmpeg can only be built after something asynchronous (resolving the camera's source:
// a database read, an RTSPS certificate check). A preparation that fails is a failed run like any other, with
// its reason as the error; a stop() that comes first means ffmpeg is never started.
import { EventEmitter } from 'node:events';
import type { SupervisedRun } from '../supervisor.js';
import { FfmpegProcess, type FfmpegExit, type FfmpegProcessOptions, type FfmpegProgress } from './process.js';

export class DeferredRun
  extends EventEmitter<{ progress: [FfmpegProgress]; exit: [FfmpegExit] }>
  implements SupervisedRun
{
  #process: FfmpegProcess | null = null;
  #stopped = false;
  #exited: Promise<void> | null = null;

  constructor(private readonly prepare: () => Promise<FfmpegProcessOptions>) {
    super();
  }

  start(): void {
    this.#exited = this.prepare().then(
      (options) => {
        if (this.#stopped) return this.#exit({ requested: true, stderrTail: '' });
        const process = new FfmpegProcess(options);
        this.#process = process;
        process.on('progress', (progress) => this.emit('progress', progress));
        const exited = new Promise<void>((resolve) =>
          process.once('exit', (exit) => {
            this.emit('exit', exit);
            resolve();
          }),
        );
        process.start();
        return exited;
      },
      (error: unknown) =>
        this.#exit({
          requested: this.#stopped,
          stderrTail: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#process?.stop();
    await this.#exited;
  }

  #exit(exit: { requested: boolean; stderrTail: string }): void {
    this.emit('exit', { code: null, signal: null, stalled: false, ...exit });
  }
}
