// Messages between the main thread and the caption worker.
import type { WireError } from '../../errors.js';
import type { CaptionModelLayout } from './layout.js';

export type ToCaptionWorker =
  | { id: number; type: 'load'; layout: CaptionModelLayout }
  | { id: number; type: 'caption'; frame: Uint8Array }
  | { id: number; type: 'unload' };

export interface LoadDone {
  loadMs: number;
  threadId: number;
}

export interface CaptionDone {
  caption: string;
  tokens: number[];
  /** Size of the original frame (results carry frame:{width,height} like every task). */
  frame: { width: number; height: number };
  ms: number;
  threadId: number;
}

export type FromCaptionWorker =
  | { id: number; ok: true; value: LoadDone | CaptionDone | null }
  | { id: number; ok: false; error: WireError };
