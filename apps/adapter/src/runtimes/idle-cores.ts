// How many of the pool's workers are idle right now, shared between the pool (which counts running jobs) and
// its workers (which may use an idle core for work that splits well, e.g. a frame's batch of face crops). One
// Int32 in shared memory: [running jobs]. Outside a pool (tests, benches in one thread) nothing is idle.
export interface PoolLoad {
  running: Int32Array;
  workers: number;
}

export function createPoolLoad(workers: number): PoolLoad {
  return { running: new Int32Array(new SharedArrayBuffer(4)), workers };
}

let shared: PoolLoad | null = null;

/** Called once in a worker with the pool's counter. */
export function watchPoolLoad(load: PoolLoad): void {
  shared = load;
}

/** Workers with no job at this moment (0 outside a pool). */
export function idleCores(): number {
  if (!shared) return 0;
  return Math.max(0, shared.workers - Atomics.load(shared.running, 0));
}
