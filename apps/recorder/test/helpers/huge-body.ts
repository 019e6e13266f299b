// Replies too big to hold: a body of any size generated while the client reads it (never buffered by the test),
// how much of it reached the socket before the client hung up, and how much the test process grew meanwhile.
import type { ServerResponse } from 'node:http';

export const MIB = 1024 * 1024;

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/**
 * Writes `total` filler bytes after the headers, pausing whenever the socket is full; resolves with the bytes
 * handed to the socket once the answer ended or the client went away.
 */
export function writeHugeBody(res: ServerResponse, total: number): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    const pump = () => {
      while (written < total && !res.destroyed) {
        const size = Math.min(CHUNK.length, total - written);
        written += size;
        if (!res.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size)))
          return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.once('close', () => resolve(written));
    pump();
  });
}

/**
 * Runs `work` and reports how far heap plus buffer memory rose above where it started (sampled every 5 ms and at
 * the end): a bound on what the work held at once, independent of how fast it ran.
 */
export async function memoryGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const used = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const baseline = used();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    const value = await work();
    peak = Math.max(peak, used());
    return { value, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
