// What the recording does with what a camera sends, so that its footage plays in a browser with its sound: the
// video and audio a browser and MP4 take as they are are copied (nothing decoded, nothing lost); the rest is
// converted once, by the recording's ffmpeg, and the camera stream's fan-out carries the converted streams too
// (MPEG-TS cannot carry MJPEG or G.711 either), so live view, snapshots, AI and stream targets read them as well.
import type { StreamProbe } from './stream-probe.js';

export interface RecordingPlan {
  /** `h264`: decoded and encoded as H.264 (MJPEG, MPEG-4 part 2 …) */
  video: 'copy' | 'h264';
  /** `aac`: decoded and encoded as AAC (G.711 µ-law/A-law, G.726, ADPCM, PCM …); `none`: the camera sends none */
  audio: 'copy' | 'aac' | 'none';
  /**
   * the audio of the camera stream's fan-out: always AAC (copied when the camera sends AAC), so that every
   * consumer — live HLS, WebRTC, stream targets — meets one audio codec
   */
  tapAudio: 'copy' | 'aac' | 'none';
  /** what converting costs, for the camera's status (null: everything is copied) */
  note: string | null;
}

/** Video MP4 and MPEG-TS hold and browsers play (H.265 only where the browser decodes it: see the live view). */
const COPIED_VIDEO = new Set(['h264', 'hevc']);
/** Audio MP4 and MPEG-TS hold and browsers play. */
const COPIED_AUDIO = new Set(['aac', 'opus', 'mp3']);

/**
 * The plan for a probed camera stream. Without a probe (the camera could not be asked yet) video is copied — what
 * nearly every camera sends — and any audio becomes AAC, which works whatever it is: AAC is re-encoded then, at a
 * small cost, until the next start knows better.
 */
export function recordingPlan(probe: StreamProbe | null): RecordingPlan {
  if (!probe) return { video: 'copy', audio: 'aac', tapAudio: 'aac', note: null };
  const video = COPIED_VIDEO.has(probe.codec) ? 'copy' : 'h264';
  const tapAudio = !probe.audio ? 'none' : probe.audio.codec === 'aac' ? 'copy' : 'aac';
  // Converted video is encoded once for both outputs (tee), and so is its audio: AAC for both then.
  const audio = !probe.audio
    ? 'none'
    : COPIED_AUDIO.has(probe.audio.codec) && video === 'copy'
      ? 'copy'
      : tapAudio;
  const notes = [
    video === 'h264'
      ? `${label(probe.codec)} video is converted to H.264 to record and play in browsers (${size(probe)}): it costs CPU, about 6 % of a core for 640×360 at 15 fps on a 2-core EPYC, more for larger or busier pictures`
      : null,
    audio === 'aac'
      ? `${label(probe.audio!.codec)} audio is converted to AAC (a fraction of a per cent of a core)`
      : null,
  ].filter((note): note is string => note !== null);
  return { video, audio, tapAudio, note: notes.length > 0 ? `${notes.join('; ')}.` : null };
}

/** The video codec the camera stream's fan-out carries (ffmpeg's name); null when the stream was not probed. */
export function fanOutCodec(probe: StreamProbe | null): string | null {
  if (!probe) return null;
  return recordingPlan(probe).video === 'h264' ? 'h264' : probe.codec;
}

function size({ width, height }: StreamProbe): string {
  return width && height ? `${width}×${height}` : 'size unknown';
}

function label(codec: string): string {
  const names: Record<string, string> = {
    mjpeg: 'MJPEG',
    mpeg4: 'MPEG-4',
    pcm_mulaw: 'G.711 µ-law',
    pcm_alaw: 'G.711 A-law',
    adpcm_g726: 'G.726',
    adpcm_g726le: 'G.726',
  };
  return names[codec] ?? codec;
}
