// One run of a supervised process for fast tests (media/supervisor.ts's SupervisedRun): started and stopped on
// request, making progress and failing when the test says. `onStart` is what the run does as it starts (a fake
// packager or decoder reports progress and writes its first bytes there).
import { EventEmitter } from 'node:events';
import type { FfmpegExit } from '../../src/media/ffmpeg/process.js';
import type { SupervisedRun } from '../../src/media/supervisor.js';

export function exitOf(fields: Partial<FfmpegExit>): FfmpegExit {
  return { code: null, signal: null, stderrTail: '', requested: false, stalled: false, ...fields };
}

export class FakeRun extends EventEmitter implements SupervisedRun {
  started = false;
  stopped = false;
  constructor(private readonly onStart: (run: FakeRun) => void = () => undefined) {
    super();
  }
  start(): void {
    this.started = true;
    this.onStart(this);
  }
  async stop(): Promise<void> {
    this.stopped = true;
    this.emit('exit', exitOf({ requested: true }));
  }
  progress(): void {
    this.emit('progress');
  }
  fail(reason: string, stalled = false): void {
    this.emit('exit', exitOf({ stderrTail: reason, stalled, code: 1 }));
  }
}
