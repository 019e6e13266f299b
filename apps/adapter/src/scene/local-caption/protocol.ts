// Messages between the main thread and the caption worker.
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
  ms: number;
  threadId: number;
}

export type FromCaptionWorker =
  { id: number; ok: true; value: LoadDone | CaptionDone | null } | { id: number; ok: false; error: string };
