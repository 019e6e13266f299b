// Awaiting what the recording engine reports, instead of sleeping.
import type {
  IndexedChunk,
  RecordingEngine,
  RecordingNotice,
} from '../../src/modules/recordings/recording-engine.js';

export function nextNotice(
  engine: RecordingEngine,
  match: (notice: RecordingNotice) => boolean,
  timeoutMs = 60_000,
): Promise<RecordingNotice> {
  return new Promise((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      reject(new Error('timed out waiting for a recording notice'));
    }, timeoutMs);
    engine.onNotice((notice) => {
      if (done || !match(notice)) return;
      done = true;
      clearTimeout(timer);
      resolve(notice);
    });
  });
}

/** Collects indexed chunks of one camera; `waitFor(n)` resolves once n have arrived. */
export function chunkCollector(engine: RecordingEngine, cameraId: number) {
  const chunks: IndexedChunk[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  engine.onChunk((chunk) => {
    if (chunk.cameraId !== cameraId) return;
    chunks.push(chunk);
    for (const waiter of waiters.filter((w) => chunks.length >= w.count)) {
      waiter.resolve();
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  });
  return {
    chunks,
    waitFor(count: number, timeoutMs = 90_000): Promise<IndexedChunk[]> {
      if (chunks.length >= count) return Promise.resolve(chunks.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${count} chunks (have ${chunks.length})`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(chunks.slice());
          },
        });
      });
    },
  };
}
