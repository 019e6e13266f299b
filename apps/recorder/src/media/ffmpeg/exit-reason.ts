// Why an ffmpeg run ended, in one line for `stream_warning`, the log and alerts. ffmpeg's stderr tail mixes the
// error that ended it with warnings from long before (a camera's odd timestamps at start, "Non-monotonous DTS"…),
// so its last line is often not the reason: a camera that went away ends the stream with no error line at all.
import { GUARD_REFUSAL } from './connect-guard.js';
import type { FfmpegExit } from './process.js';

/** Lines that say what went wrong, as opposed to warnings ffmpeg writes while it works. */
const TELLING =
  /error|failed|refused|denied|unauthori[sz]ed|forbidden|not found|timed out|timeout|no route|unreachable|invalid data|could not|cannot|server returned|end of file|reset by peer|broken pipe|no space|read-only|quota/i;

export function exitReason(exit: Pick<FfmpegExit, 'code' | 'signal' | 'stderrTail' | 'stalled'>): string {
  const lines = exit.stderrTail.split('\n').filter((line) => line.trim() !== '');
  const refused = lines.find((line) => line.startsWith(GUARD_REFUSAL));
  if (refused) return refused.slice(GUARD_REFUSAL.length).trim();
  // The stall watchdog says how long nothing came (process.ts); ffmpeg's own last words are beside the point.
  if (exit.stalled)
    return (
      lines.findLast((line) => line.startsWith('no video for')) ??
      'no media for a while: the camera keeps its session open but sends no pictures'
    );
  const telling = lines.findLast((line) => TELLING.test(line));
  if (telling) return telling;
  // ffmpeg reached the end of its input: the camera (or the network) closed the stream.
  if (exit.code === 0) return 'the camera closed the stream';
  return (
    lines.at(-1) ?? (exit.signal ? `ffmpeg killed by ${exit.signal}` : `ffmpeg exited with code ${exit.code}`)
  );
}
