// The context a task runs in for one frame: the frame at working size, the frame at full size on demand (decoded
// once, only by tasks that crop around motion), and a memo so pipeline steps share one detector pass.
import { decodeFrame, type DecodedFrame } from '../frames/decode.js';
import type { ModelCache } from '../models/instances.js';
import type { TaskContext } from './types.js';

export function createTaskContext(bytes: Uint8Array, frame: DecodedFrame, models: ModelCache): TaskContext {
  const memo = new Map<string, Promise<unknown>>();
  const remember = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    let value = memo.get(key) as Promise<T> | undefined;
    if (!value) memo.set(key, (value = compute()));
    return value;
  };
  return {
    frame,
    models,
    memo: remember,
    fullFrame: () =>
      frame.width === frame.original.width && frame.height === frame.original.height
        ? Promise.resolve(frame)
        : remember('full-frame', () => decodeFrame(bytes, { full: true })),
  };
}
