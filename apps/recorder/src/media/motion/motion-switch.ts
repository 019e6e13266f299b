// When a camera is "in motion": a start needs motion in a few frames in a row (one noisy frame is not an event),
// and the end comes only after a quiet spell (a person who pauses for a second is still the same event).

export interface MotionSwitchOptions {
  /** frames in a row with motion before it starts */
  startFrames: number;
  /** quiet time after the last moving frame before it ends */
  endAfterMs: number;
}

export const DEFAULT_MOTION_SWITCH: MotionSwitchOptions = { startFrames: 2, endAfterMs: 5_000 };

export type MotionChange = 'started' | 'ended' | null;

export class MotionSwitch {
  #active = false;
  #inARow = 0;
  #lastMotionAt = 0;

  constructor(private readonly options: MotionSwitchOptions = DEFAULT_MOTION_SWITCH) {}

  get active(): boolean {
    return this.#active;
  }

  /** When the last moving frame was taken (ms; 0 before any). */
  get lastMotionAt(): number {
    return this.#lastMotionAt;
  }

  /** One analysed frame: whether it had motion, and when it was taken (ms). */
  update(moving: boolean, atMs: number): MotionChange {
    if (moving) {
      this.#inARow += 1;
      this.#lastMotionAt = atMs;
      if (!this.#active && this.#inARow >= this.options.startFrames) {
        this.#active = true;
        return 'started';
      }
      return null;
    }
    this.#inARow = 0;
    if (this.#active && atMs - this.#lastMotionAt >= this.options.endAfterMs) {
      this.#active = false;
      return 'ended';
    }
    return null;
  }
}
